import { Alert, Badge, Button, Card, Space, Typography } from 'antd';
import { useState } from 'react';
import { QueryEmpty } from '../../../../components/QueryState.tsx';
import { type Unassigned, goodsText, statusStyle, timeText } from './board-geometry.ts';
import { dragOrder } from './drag.ts';
import { SuggestList } from './SuggestList.tsx';

export interface Refusal {
  orderId: number;
  message: string;
}

/**
 * 待派单: the paid orders of the days shown that nobody serves yet. 派单 opens the suggestion list under the card;
 * with the permission a card can also be dragged onto an employee's row. A refusal shows on the order's card.
 */
export function UnassignedPanel(props: {
  list: Unassigned[];
  /** The board's first day: cards of other days show their date. */
  day: string;
  canAssign: boolean;
  busy: boolean;
  refusal: Refusal | null;
  onDismissRefusal: () => void;
  onAssign: (orderId: number, employeeId: number) => void;
  onOpen: (orderId: number) => void;
}) {
  const [openFor, setOpenFor] = useState<number | null>(null);
  const list = [...props.list].sort((a, b) => a.from.localeCompare(b.from));
  return (
    <Card
      className="jz-card jz-dispatch-side"
      variant="borderless"
      size="small"
      title={
        <Space>
          待派单
          <Badge count={list.length} showZero color={list.length ? '#fa8c16' : '#bfbfbf'} />
        </Space>
      }
      data-testid="unassigned"
    >
      {list.length === 0 ? (
        <QueryEmpty description="没有待派单的订单：已付款的订单都已派出。" />
      ) : (
        <Space orientation="vertical" size={8} style={{ width: '100%' }}>
          {props.canAssign && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              点「派单」查看推荐员工，或把卡片拖到员工那一行。
            </Typography.Text>
          )}
          {list.map((o) => {
            const open = openFor === o.orderId;
            const refused = props.refusal?.orderId === o.orderId ? props.refusal : null;
            return (
              <div
                key={o.orderId}
                className="jz-dispatch-card"
                style={{ borderLeftColor: statusStyle(o.status).color }}
                data-testid={`unassigned-${o.orderNo}`}
                {...(props.canAssign ? dragOrder(o.orderId) : {})}
              >
                <Typography.Text strong>{timeText(o, props.day)}</Typography.Text>
                <div>{goodsText(o)}</div>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {o.customerName} · {o.address}
                </Typography.Text>
                <Space size={8} style={{ marginTop: 6, display: 'flex' }}>
                  {props.canAssign && (
                    <Button
                      size="small"
                      type={open ? 'default' : 'primary'}
                      aria-expanded={open}
                      onClick={() => setOpenFor(open ? null : o.orderId)}
                    >
                      {open ? '收起' : '派单'}
                    </Button>
                  )}
                  <Button size="small" onClick={() => props.onOpen(o.orderId)}>
                    详情
                  </Button>
                </Space>
                {refused && (
                  <Alert
                    style={{ marginTop: 8 }}
                    type="warning"
                    showIcon
                    closable={{ onClose: props.onDismissRefusal, 'aria-label': '关闭' }}
                    title="派单未成功"
                    description={refused.message}
                    data-testid="refusal"
                  />
                )}
                {open && (
                  <div style={{ marginTop: 8 }}>
                    <SuggestList
                      orderId={o.orderId}
                      busy={props.busy}
                      onPick={(employeeId) => props.onAssign(o.orderId, employeeId)}
                    />
                  </div>
                )}
              </div>
            );
          })}
        </Space>
      )}
    </Card>
  );
}
