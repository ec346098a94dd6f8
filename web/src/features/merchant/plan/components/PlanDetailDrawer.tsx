import type { PlanDetail } from '@jz/contracts/plan';
import { PLAN_PAY_MODES } from '@jz/contracts/constants/plan';
import { Alert, Button, Descriptions, Drawer, Space } from 'antd';
import { useState } from 'react';
import { QueryState } from '../../../../components/QueryState.tsx';
import { useConfirm } from '../../../../components/confirm.ts';
import { Auth } from '../../../../lib/access.tsx';
import { formatDate } from '../../../../lib/format.ts';
import { usePlanDetail, usePlanMutations } from '../api/plan.ts';
import { ChangeRuleModal } from './ChangeRuleModal.tsx';
import { EndPlanModal } from './EndPlanModal.tsx';
import { PlanStatusTag } from './plan-status.tsx';
import { VisitsTable } from './VisitsTable.tsx';

interface Props {
  id: number | null;
  onClose: () => void;
  onEdit: (p: PlanDetail) => void;
}

/** 周期服务详情: the rule and terms, the upcoming visits (orders and exceptions with reasons) and the changes. */
export function PlanDetailDrawer({ id, onClose, onEdit }: Props) {
  const q = usePlanDetail(id);
  const p = q.data;
  const mu = usePlanMutations();
  const { confirmStatus, confirmWarning } = useConfirm();
  const [changing, setChanging] = useState(false);
  const [ending, setEnding] = useState(false);
  // Every change invalidates the plan queries, this plan's detail among them: the drawer refreshes by itself.
  const run = async (ask: Promise<boolean>, action: () => Promise<unknown>) => {
    if (await ask) await action();
  };

  // A plan of N visits still owes a skipped or resolved visit: it is booked on a later day of the rule.
  const owed = p?.visitCount ? '这次服务将顺延到之后的服务日。' : '';
  // 已处理 means it was arranged outside the plan: a plan of N visits counts it and books no other day for it.
  const handledText = p?.visitCount ? '标记后这次服务计入服务次数，不再另排日期；如需顺延请选择跳过。' : '';
  const skip = (date: string, live: boolean) =>
    run(
      live
        ? confirmWarning(
            `${date} 已下单。跳过将取消该订单（已付款的退款，卡项支付的退回次数或余额），${owed}确定跳过吗？`,
          )
        : confirmStatus(`确定跳过 ${date} 的服务吗？跳过后这一天不会再下单。${owed}`),
      () => mu.skip.mutateAsync({ id: id as number, date, cancelOrder: live }),
    );

  const retry = (visitId: number) => run(Promise.resolve(true), () => mu.retry.mutateAsync({ visitId }));
  const resolve = (visitId: number) =>
    run(confirmStatus(`标记为已处理（例如已电话改约）？${handledText}`), () => mu.resolve.mutateAsync({ visitId }));

  return (
    <Drawer title="周期服务详情" size={860} open={id !== null} onClose={onClose} destroyOnHidden>
      <QueryState query={q}>
        {() =>
          p && (
            <>
              <Space style={{ marginBottom: 12 }} wrap>
                <PlanStatusTag status={p.status} />
                <Auth perm="merchant:plan:edit">
                  {p.status === 'active' && (
                    <Button
                      type="primary"
                      onClick={() =>
                        run(confirmStatus(`按预约规则为未来 ${p.horizonDays} 天排期？`), () =>
                          mu.book.mutateAsync(p.id),
                        )
                      }
                    >
                      立即排期
                    </Button>
                  )}
                  {p.status !== 'ended' && <Button onClick={() => onEdit(p)}>编辑</Button>}
                  {p.status !== 'ended' && <Button onClick={() => setChanging(true)}>改时间</Button>}
                  {p.status === 'active' && (
                    <Button
                      onClick={() =>
                        run(confirmStatus('暂停后不再下新订单，已下单的订单保留。确定暂停吗？'), () =>
                          mu.pause.mutateAsync(p.id),
                        )
                      }
                    >
                      暂停
                    </Button>
                  )}
                  {p.status === 'paused' && (
                    <Button
                      onClick={() =>
                        run(confirmStatus('恢复后立即按规则排期，确定恢复吗？'), () => mu.resume.mutateAsync(p.id))
                      }
                    >
                      恢复
                    </Button>
                  )}
                  {p.status !== 'ended' && (
                    <Button danger onClick={() => setEnding(true)}>
                      结束
                    </Button>
                  )}
                </Auth>
              </Space>
              {p.exceptionCount > 0 && (
                <Alert
                  type="error"
                  showIcon
                  style={{ marginBottom: 12 }}
                  title={`${p.exceptionCount} 次服务未能排期，原因见下表；可重试、跳过或标记为已处理${
                    p.visitCount ? '。未处理前计入服务次数，不会另排其他日期' : ''
                  }`}
                />
              )}
              <Descriptions size="small" bordered column={2} style={{ marginBottom: 16 }}>
                <Descriptions.Item label="客户">{p.clientName}</Descriptions.Item>
                <Descriptions.Item label="地址">{p.address}</Descriptions.Item>
                <Descriptions.Item label="服务">
                  {p.goodsName}
                  {p.specName ? ` · ${p.specName}` : ''}
                  {p.quantity > 1 ? ` × ${p.quantity}` : ''}
                </Descriptions.Item>
                <Descriptions.Item label="规则">{p.rule.text}</Descriptions.Item>
                <Descriptions.Item label="期限">
                  {formatDate(p.startDate)} 起，{p.endDate ? `至 ${formatDate(p.endDate)}` : `共 ${p.visitCount} 次`}
                </Descriptions.Item>
                <Descriptions.Item label="已下单">{p.bookedVisits} 次</Descriptions.Item>
                <Descriptions.Item label="指定服务人员">{p.employeeName ?? '不指定'}</Descriptions.Item>
                <Descriptions.Item label="付款">
                  {PLAN_PAY_MODES[p.payMode]}
                  {p.cardName ? `：${p.cardName}` : ''}
                </Descriptions.Item>
                <Descriptions.Item label="提前排期">{p.horizonDays} 天</Descriptions.Item>
                <Descriptions.Item label="门店">{p.shopName}</Descriptions.Item>
                {p.rules.length > 1 && (
                  <Descriptions.Item label="规则变更" span={2}>
                    {p.rules.map((r) => `${formatDate(r.fromDate)} 起 ${r.text}`).join('；')}
                  </Descriptions.Item>
                )}
                {p.endReason && (
                  <Descriptions.Item label="结束原因" span={2}>
                    {p.endReason}
                  </Descriptions.Item>
                )}
              </Descriptions>
              <VisitsTable plan={p} onSkip={skip} onRetry={retry} onResolve={resolve} />
              <ChangeRuleModal
                open={changing}
                plan={p}
                onClose={() => setChanging(false)}
                onSubmit={(v) => mu.change.mutateAsync(v)}
              />
              <EndPlanModal
                open={ending}
                plan={p}
                onClose={() => setEnding(false)}
                onSubmit={(v) => mu.end.mutateAsync(v)}
              />
            </>
          )
        }
      </QueryState>
    </Drawer>
  );
}
