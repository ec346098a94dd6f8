import { Typography } from 'antd';

/**
 * A shop's rating as every shop page shows it: the average of its reviews with their count, or 暂无评分 before the
 * first review (the server answers null then: no made-up 5.0).
 */
export function ShopRating({
  rating,
  reviewCount,
  compact,
}: {
  rating: number | null;
  reviewCount?: number;
  /** Table cells: the count in a tooltip-free short form "4.8 · 12 条". */
  compact?: boolean;
}) {
  if (rating === null) return <Typography.Text type="secondary">暂无评分</Typography.Text>;
  const count = reviewCount === undefined ? null : compact ? ` · ${reviewCount} 条` : `（${reviewCount} 条评价）`;
  return (
    <span>
      {rating.toFixed(1)}
      {count && <Typography.Text type="secondary">{count}</Typography.Text>}
    </span>
  );
}
