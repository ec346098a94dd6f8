import { Popover } from 'antd';

// antd's Popover as a module of its own, for LazyOverlay.tsx to load on use.
export { Popover };
