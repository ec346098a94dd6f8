import { Alert } from 'antd';
import type { CSSProperties } from 'react';

/**
 * Said above the money a shop-limited account reads (scope 'shops' in the answers): what it sees is its shops'
 * settlements only, and why the account's own figures are absent (the server decides; docs/ledger.md).
 */
export function ShopScopeNote({ style }: { style?: CSSProperties }) {
  return (
    <Alert
      type="info"
      showIcon
      style={style}
      data-testid="finance-shop-scope"
      title="仅显示所管门店的收支"
      description="您的账号只能管理部分门店：这里只有这些门店订单的结算及其解冻，金额按这些结算累计。提现、手续费和账户余额属于商户整体、不按门店划分，仅可管理全部门店的账号可以查看和操作。"
    />
  );
}
