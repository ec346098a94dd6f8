import type { CardFlows } from '@jz/contracts/card';
import { Col, Row, Statistic, Typography } from 'antd';
import { formatYuan } from '../../lib/format.ts';

/**
 * 预收（卡项）over a range: what the cards brought in, what of it became revenue, what went back, and the 预收余额
 * before and after. Shown on 收支明细 and 运营数据 from the same server figures (docs/ledger.md).
 */
export function CardFlowsPanel(props: { flows: CardFlows | undefined; loading?: boolean }) {
  const f = props.flows;
  const item = (title: string, fen: number | undefined, note?: string) => (
    <Col xs={12} md={8} xl={4}>
      <Statistic title={title} value={formatYuan(fen)} loading={props.loading} />
      {note && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {note}
        </Typography.Text>
      )}
    </Col>
  );
  return (
    <Row gutter={[16, 12]} data-testid="card-flows">
      {item('期初预收余额', f?.deferredStart)}
      {item('售卡收款', f?.received, `售出 ${f?.sold ?? 0} 张`)}
      {item(
        '用卡支付（本金）',
        f?.redeemedCash,
        `${f?.redeemed ?? 0} 单；赠送 ${formatYuan(f?.redeemedBonus ?? 0)} 不计收入`,
      )}
      {item('确认收入', f?.recognised, '已服务的用卡本金、过期与退卡手续费')}
      {item('退卡退款', f?.refunded)}
      {item('期末预收余额', f?.deferredEnd, '= 期初 + 收款 − 确认收入 − 退款')}
      <Col span={24}>
        <Typography.Text type="secondary">
          售卡收款是预收款（负债），不计入收入；用卡支付的订单服务完成后，其使用的本金才确认为收入，赠送金额不计收入、不结算。线上售出的卡随每次服务结算进入账户；线下售出的卡，款项已由商家收取。
        </Typography.Text>
      </Col>
    </Row>
  );
}
