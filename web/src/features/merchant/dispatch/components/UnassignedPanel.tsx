import { Alert, Badge, Button, Card, Space, Typography } from 'antd';
import { useState } from 'react';
import { SuggestList } from '../../../../components/assign/SuggestList.tsx';
import { QueryEmpty } from '../../../../components/QueryState.tsx';
import type { BoardResult } from '@jz/contracts/dispatch';
import { type Unassigned, goodsText, statusStyle, timeText } from './board-geometry.ts';
import { dragOrder } from './drag.ts';

type WaitingElsewhere = BoardResult['waitingElsewhere'];

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
  /** Paid orders waiting outside the days shown (the board's waitingElsewhere), and how the shown span is called. */
  elsewhere?: WaitingElsewhere;
  spanLabel: string;
  onGoTo: (day: string) => void;
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
        props.elsewhere && (props.elsewhere.after > 0 || props.elsewhere.before > 0) ? (
          <Space orientation="vertical" size={8} style={{ width: '100%' }} data-testid="waiting-elsewhere">
            <Typography.Text>{props.spanLabel}没有待派单。</Typography.Text>
            <Elsewhere w={props.elsewhere} onGoTo={props.onGoTo} />
          </Space>
        ) : (
          <QueryEmpty description="没有待派单的订单：已付款的订单都已派出。" />
        )
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
          {props.elsewhere && (props.elsewhere.after > 0 || props.elsewhere.before > 0) && (
            <div data-testid="waiting-elsewhere">
              <Elsewhere w={props.elsewhere} onGoTo={props.onGoTo} also />
            </div>
          )}
        </Space>
      )}
    </Card>
  );
}

/**
 * Where the other waiting orders are: "之后 12 单待派（最早 12-02）" with a button to that day, and the ones before the
 * days shown ("之前还有 2 单待派（最晚 11-28）": overdue ones, or days between today and a later day shown).
 */
function Elsewhere(props: { w: WaitingElsewhere; onGoTo: (day: string) => void; also?: boolean }) {
  const { w } = props;
  const md = (d: string) => d.slice(5);
  return (
    <Space orientation="vertical" size={4} style={{ width: '100%' }}>
      {w.after > 0 && w.firstAfter && (
        <Space size={6} wrap>
          <Typography.Text type={props.also ? 'secondary' : undefined}>
            {props.also ? '之后还有' : '之后'} {w.after} 单待派（最早 {md(w.firstAfter)}）
          </Typography.Text>
          <Button size="small" type={props.also ? 'link' : 'primary'} onClick={() => props.onGoTo(w.firstAfter!)}>
            去 {md(w.firstAfter)}
          </Button>
        </Space>
      )}
      {w.before > 0 && w.lastBefore && (
        <Space size={6} wrap>
          <Typography.Text type="secondary">
            之前还有 {w.before} 单待派（最晚 {md(w.lastBefore)}）
          </Typography.Text>
          <Button size="small" type="link" onClick={() => props.onGoTo(w.lastBefore!)}>
            去 {md(w.lastBefore)}
          </Button>
        </Space>
      )}
    </Space>
  );
}
