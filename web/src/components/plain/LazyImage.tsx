import type { ImageProps } from 'antd';
import { lazyWidget } from '../lazy-widget.tsx';

/**
 * antd's Image (a click opens its preview) in a chunk of its own, loaded as it renders; meanwhile the picture alone
 * at the same size and place (antd's box: inline-block, the image fills its width, vertically centred), so nothing
 * moves when the component arrives (docs/performance-browser.md).
 */
export const LazyImage = lazyWidget(
  () => import('./image.tsx'),
  (m) => m.Image,
  ({ src, alt, width, height, style }: ImageProps) => (
    <span style={{ position: 'relative', display: 'inline-block', width, height }}>
      <img
        src={src}
        alt={alt}
        width={width}
        height={height}
        style={{ width: '100%', verticalAlign: 'middle', ...style }}
      />
    </span>
  ),
);
