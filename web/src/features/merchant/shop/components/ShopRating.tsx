import { Typography } from 'antd';

/**
 * A shop's rating as every shop page shows it: the average of its reviews with their count, or 暂无评分 before the
 * first review (the server answers null then: no made-up 5.0).
 */
export function ShopRating({ rating, reviewCount }: { rating: number | null; reviewCount?: number }) {
  if (rating === null) return <Typography.Text type="secondary">暂无评分</Typography.Text>;
  return (
    <span>
      {rating.toFixed(1)}
      {reviewCount !== undefined && <Typography.Text type="secondary">（{reviewCount} 条评价）</Typography.Text>}
    </span>
  );
}
