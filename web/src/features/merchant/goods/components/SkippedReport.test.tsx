import type { GoodsBatchResult } from '@jz/contracts/goods';
import { fireEvent, render, screen } from '@testing-library/react';
import { App as AntApp, Button } from 'antd';
import { describe, expect, it } from 'vitest';
import { useSkippedReport } from './SkippedReport.tsx';

function Harness({ result }: { result: GoodsBatchResult }) {
  const report = useSkippedReport();
  return <Button onClick={() => report('已上架', result)}>run</Button>;
}
const show = (result: GoodsBatchResult) => {
  render(
    <AntApp>
      <Harness result={result} />
    </AntApp>,
  );
  fireEvent.click(screen.getByText('run'));
};

describe('batch skipped report', () => {
  it('lists each skipped item with its reason in a 警告提示 dialog', async () => {
    show({
      changed: 1,
      skipped: [
        { id: 2, name: '日常保洁 3 小时', reason: '已是上架状态' },
        { id: 5, name: '油烟机拆洗', reason: '服务类目已停用，不能上架' },
      ],
    });
    const body = await screen.findByTestId('batch-skipped');
    expect(screen.getAllByText('警告提示').length).toBeGreaterThan(0);
    expect(body.textContent).toContain('已上架 1 个商品，以下 2 个未处理：');
    expect(body.textContent).toContain('日常保洁 3 小时：已是上架状态');
    expect(body.textContent).toContain('油烟机拆洗：服务类目已停用，不能上架');
    expect(screen.getByRole('button', { name: '知道了' })).toBeTruthy();
  });
  it('shows nothing when every item was done', async () => {
    show({ changed: 3, skipped: [] });
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('batch-skipped')).toBeNull();
  });
});
