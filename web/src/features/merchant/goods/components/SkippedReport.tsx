import type { GoodsBatchResult } from '@jz/contracts/goods';
import { Typography } from 'antd';
import { DIALOG_TITLES } from '../../../../components/confirm.ts';
import { useAppApi } from '../../../../lib/app-api.ts';

/** The body of the report: what was done, then each skipped item with its reason. */
export function SkippedList({ done, result }: { done: string; result: GoodsBatchResult }) {
  return (
    <div data-testid="batch-skipped">
      <Typography.Paragraph>
        {done} {result.changed} 个商品，以下 {result.skipped.length} 个未处理：
      </Typography.Paragraph>
      <ul style={{ paddingInlineStart: 20, margin: 0, maxHeight: 320, overflowY: 'auto' }}>
        {result.skipped.map((s) => (
          <li key={s.id}>
            <Typography.Text strong>{s.name}</Typography.Text>：{s.reason}
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * After a batch action (批量上架/下架/删除): when the server skipped items, a 警告提示 dialog lists each with its reason,
 * so nothing is silently left as it was. Nothing to show when every item was done (the toast says so).
 */
export function useSkippedReport() {
  const { modal } = useAppApi();
  return (done: string, result: GoodsBatchResult) => {
    if (!result.skipped.length) return;
    modal.warning({
      title: DIALOG_TITLES.warning,
      content: <SkippedList done={done} result={result} />,
      okText: '知道了',
      width: 480,
    });
  };
}
