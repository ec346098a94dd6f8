import { Tooltip } from 'antd';

// antd's Tooltip as a module of its own, for LazyOverlay.tsx to load on use.
export { Tooltip };
