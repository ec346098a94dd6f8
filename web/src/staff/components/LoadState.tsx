import { Button, SpinLoading } from 'antd-mobile';

/** While a page's first answer is on its way. */
export const Loading = () => (
  <div style={{ display: 'grid', placeItems: 'center', padding: 48 }} role="status" aria-label="加载中">
    <SpinLoading />
  </div>
);

/**
 * An empty list or a failed load, in plain markup (antd-mobile's ErrorBlock and Result carry large illustrations the
 * staff page's small bundle does without).
 */
export function Problem({
  title,
  description,
  onRetry,
}: {
  title: string;
  description?: string;
  onRetry?: () => void;
}) {
  return (
    <div style={{ textAlign: 'center', padding: '40px 24px', color: '#666' }} role={onRetry ? 'alert' : undefined}>
      <div style={{ fontSize: 17, fontWeight: 600, color: '#333' }}>{title}</div>
      {description && <div style={{ marginTop: 8, fontSize: 14 }}>{description}</div>}
      {onRetry && (
        <Button color="primary" style={{ marginTop: 16, minWidth: 120 }} onClick={onRetry}>
          重试
        </Button>
      )}
    </div>
  );
}
