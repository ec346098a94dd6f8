import type { ReactNode } from 'react';
import './count-badge.css';

/**
 * A count (or a dot) on the corner of an icon, in antd Badge's look at size small: the header's 待接单 and 消息
 * badges. antd's Badge (with its scrolling digits) stayed in the console frame of every route for these two; the
 * number changes without the roll. Hidden at 0 unless `dot`; above `overflowCount` it reads 99+.
 */
export function CountBadge({
  count,
  dot,
  overflowCount = 99,
  children,
}: {
  count: number;
  dot?: boolean;
  overflowCount?: number;
  children: ReactNode;
}) {
  const text = count > overflowCount ? `${overflowCount}+` : String(count);
  return (
    <span className="jz-count-badge">
      {children}
      {count > 0 ? (
        <sup
          className={`jz-count-badge-count${text.length > 1 ? ' jz-count-badge-multiple' : ''}`}
          title={String(count)}
          data-show="true"
        >
          <bdi>
            {[...text].map((ch, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the digits of one number, by place
              <span key={i} className="jz-count-badge-digit">
                {ch}
              </span>
            ))}
          </bdi>
        </sup>
      ) : (
        dot && <sup className="jz-count-badge-dot" data-show="true" />
      )}
    </span>
  );
}
