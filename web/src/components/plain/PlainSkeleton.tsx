import { ConfigContext } from 'antd/es/config-provider/context';
import useSkeletonStyle from 'antd/es/skeleton/style';
import { useContext } from 'react';

/**
 * antd's Skeleton (active, title and paragraph lines) as antd draws it, from its style hook, without the component
 * and its avatar/button/input/image variants: the loading placeholder of the home page and of QueryState, on the
 * first paint of many routes (docs/performance-browser.md). `title`: the heading line (true: antd's default width);
 * `rows`: paragraph lines (0: none), the last at 61 % as antd's.
 */
export function PlainSkeleton({
  title = true,
  rows = 3,
  className,
}: {
  title?: boolean;
  rows?: number;
  className?: string;
}) {
  const { getPrefixCls } = useContext(ConfigContext);
  const p = getPrefixCls('skeleton');
  const [hashId, cssVarCls] = useSkeletonStyle(p);
  return (
    <div className={[p, `${p}-active`, className, hashId, cssVarCls].filter(Boolean).join(' ')}>
      <div className={`${p}-section`}>
        {title && (
          // biome-ignore lint/a11y/useHeadingContent: antd Skeleton's markup (an empty h3 as the title line)
          <h3 className={`${p}-title`} style={{ width: rows ? '38%' : undefined }} />
        )}
        {rows > 0 && (
          <ul className={`${p}-paragraph`}>
            {Array.from({ length: rows }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholder lines, by place
              <li key={i} style={{ width: i === rows - 1 ? '61%' : undefined }} />
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
