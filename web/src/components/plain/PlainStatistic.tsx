import { ConfigContext } from 'antd/es/config-provider/context';
import useStatisticStyle from 'antd/es/statistic/style';
import { type ReactNode, useContext } from 'react';
import { PlainSkeleton } from './PlainSkeleton.tsx';

/**
 * antd's Statistic (title, prefix, number with thousands separators and a fixed precision, a title-line skeleton
 * while loading) as antd draws it, from its style hook: the home page's 今日数据 without Statistic and its Skeleton
 * (docs/performance-browser.md).
 */
export function PlainStatistic({
  title,
  value,
  precision,
  prefix,
  loading,
}: {
  title?: ReactNode;
  value: number;
  precision?: number;
  prefix?: ReactNode;
  loading?: boolean;
}) {
  const { getPrefixCls } = useContext(ConfigContext);
  const p = getPrefixCls('statistic');
  const [hashId, cssVarCls] = useStatisticStyle(p);
  // antd's own formatting: the digits as they are, grouped by 3, the decimals padded or cut to `precision`.
  const cells = /^(-?)(\d*)(\.(\d+))?$/.exec(String(value));
  let number: ReactNode = String(value);
  if (cells) {
    const int = (cells[2] || '0').replace(/\B(?=(\d{3})+(?!\d))/g, ',');
    let decimal = cells[4] || '';
    if (precision !== undefined) decimal = decimal.padEnd(precision, '0').slice(0, Math.max(precision, 0));
    number = (
      <>
        <span className={`${p}-content-value-int`}>
          {cells[1]}
          {int}
        </span>
        {decimal && <span className={`${p}-content-value-decimal`}>.{decimal}</span>}
      </>
    );
  }
  return (
    <div className={`${p} ${hashId} ${cssVarCls}`}>
      {title !== undefined && (
        <div className={`${p}-header`}>
          <div className={`${p}-title`}>{title}</div>
        </div>
      )}
      {loading ? (
        <PlainSkeleton title rows={0} className={`${p}-skeleton`} />
      ) : (
        <div className={`${p}-content`}>
          {prefix !== undefined && <span className={`${p}-content-prefix`}>{prefix}</span>}
          <span className={`${p}-content-value`}>{number}</span>
        </div>
      )}
    </div>
  );
}
