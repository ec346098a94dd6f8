import { Image } from 'antd';

// antd's Image (with its preview) as a module of its own, for LazyImage.
export { Image };
