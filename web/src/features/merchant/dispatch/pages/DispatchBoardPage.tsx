import { FileTextOutlined, LeftOutlined, RightOutlined } from '@ant-design/icons';
import { nextDay, shanghaiDay } from '@jz/contracts/constants/dispatch';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Badge, Button, Card, DatePicker, Empty, Segmented, Skeleton, Space, Typography } from 'antd';
import dayjs from 'dayjs';
import { type ComponentProps, useCallback, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useStrandCheck } from '../../../../components/assign/suggestions.ts';
import { useOrderEvents, useOrderStream } from '../../../../components/order-badge/order-stream.ts';
import { QueryError } from '../../../../components/QueryState.tsx';
import { hasPerm } from '../../../../lib/access.tsx';
import { toApiDate } from '../../../../lib/format.ts';
import { pagePath } from '../../../../lib/page-registry.ts';
import { initPcQuery } from '../../../../lib/queries.ts';
import { useThrottled } from '../../../../lib/throttle.ts';
// The order drawer and its dialogs belong to 订单管理; the board opens the same ones rather than a copy (they load
// lazily, on the first click). Moving lazy-dialogs.ts to src/components/ would lift this exception.
// biome-ignore lint/style/noRestrictedImports: the one shared order drawer, see above
import { AssignModal, CancelModal, OrderDetailDrawer, RescheduleModal } from '../../order/components/lazy-dialogs.ts';
import {
  type DaySheetAsk,
  dispatchKeys,
  useBoard,
  useDispatchMutations,
  usePlanExceptionCount,
} from '../api/dispatch.ts';
import { STATUS_STYLE, dayAxis } from '../components/board-geometry.ts';
import { DayBoard } from '../components/DayBoard.tsx';
import { DaySheetModal } from '../components/DaySheetModal.tsx';
import { type Refusal, UnassignedPanel } from '../components/UnassignedPanel.tsx';
import { WeekBoard } from '../components/WeekBoard.tsx';
import '../components/dispatch.css';

type View = 'day' | 'week';

/** At most one board refetch per this long, however many order events arrive. */
const BOARD_REFRESH_MS = 1000;
type OrderDialog = Parameters<ComponentProps<typeof OrderDetailDrawer>['onDialog']>[0];

/**
 * 派单看板 (/paidankanban; docs/dispatch.md): the current shop's employees as rows, a day on a time axis or
 * a week in columns, orders as blocks coloured by status (click: the order drawer), and the paid orders nobody serves
 * yet beside it. Assigning: 派单 → the suggestion list, or drag a card onto a row; refusals show on the card. The
 * order stream refreshes the board live (every 30 s while it is disconnected).
 */
export default function DispatchBoardPage() {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const { data: init } = useQuery(initPcQuery);
  const shopId = init?.curDianpu?.id;
  const stream = useOrderStream(shopId, !!shopId);
  const [date, setDate] = useState(() => shanghaiDay(Date.now()));
  const [view, setView] = useState<View>('day');
  const [detailId, setDetailId] = useState<number | null>(null);
  const [dialog, setDialog] = useState<OrderDialog>(null);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [sheet, setSheet] = useState<DaySheetAsk | null>(null);
  const days = view === 'day' ? 1 : 7;
  const q = useBoard(date, days, shopId, !stream.connected);
  const { assign } = useDispatchMutations();
  const canAssign = hasPerm('merchant:dispatch:assign');
  const planExceptions = usePlanExceptionCount().data;

  // Every order event may move a block (派单, 改约) or its step (出发, 到达, 迟到): the board refetches, at most once a
  // second, so a busy morning's burst of steps is one request, and the last one is never dropped.
  const refresh = useThrottled(() => void qc.invalidateQueries({ queryKey: dispatchKeys.all }), BOARD_REFRESH_MS);
  useOrderEvents(useCallback(() => refresh(), [refresh]));

  const board = q.data;
  const axis = useMemo(() => (board ? dayAxis(board.days[0], board.employees, board.unassigned) : null), [board]);
  const onAssign = useCallback(
    (orderId: number, employeeId: number) => {
      setRefusal(null);
      assign.mutate(
        { orderId, employeeId },
        { onError: (e) => setRefusal({ orderId, message: e instanceof Error ? e.message : '派单失败，请重试。' }) },
      );
    },
    [assign.mutate],
  );
  // 派工单 of the day shown: one employee's (the row's link) or everyone's with jobs (the toolbar).
  const openSheet = (employeeId?: number) => {
    if (shopId) setSheet({ date, shopId, ...(employeeId ? { employeeId } : {}) });
  };
  // A card dropped on a row is a choice too: one that strands another order asks first (as the list does).
  const strandCheck = useStrandCheck();
  const onDrop = useCallback(
    (orderId: number, employeeId: number) =>
      void strandCheck(orderId, employeeId).then((go) => go && onAssign(orderId, employeeId)),
    [strandCheck, onAssign],
  );
  const actions = { onOpen: setDetailId, onAssign: canAssign ? onDrop : undefined, onDaySheet: openSheet };
  const step = (n: number) => setDate((d) => nextDay(d, n * days));

  if (init && !shopId)
    return (
      <Card className="jz-card" variant="borderless">
        <Empty description="还没有店铺：创建店铺并通过审核后，才能在这里给员工派单。">
          <Button type="primary" onClick={() => navigate(pagePath('merchant.shop.info'))}>
            去创建店铺
          </Button>
        </Empty>
      </Card>
    );

  const orders = board ? board.employees.reduce((n, e) => n + e.blocks.length, 0) : 0;
  const unknownRefusal = refusal && !board?.unassigned.some((o) => o.orderId === refusal.orderId) ? refusal : null;
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card className="jz-card" variant="borderless" size="small">
        <Space wrap size={12} style={{ width: '100%', justifyContent: 'space-between' }}>
          <Space wrap>
            <Segmented<View>
              aria-label="视图"
              value={view}
              onChange={setView}
              options={[
                { label: '日', value: 'day' },
                { label: '周', value: 'week' },
              ]}
            />
            <Button icon={<LeftOutlined />} onClick={() => step(-1)}>
              {view === 'day' ? '前一天' : '前一周'}
            </Button>
            <DatePicker
              aria-label="日期"
              allowClear={false}
              value={dayjs(date)}
              onChange={(d) => d && setDate(toApiDate(d))}
            />
            <Button onClick={() => step(1)}>
              {view === 'day' ? '后一天' : '后一周'} <RightOutlined />
            </Button>
            <Button type="link" onClick={() => setDate(shanghaiDay(Date.now()))}>
              今天
            </Button>
            {view === 'day' && (
              <Button icon={<FileTextOutlined />} onClick={() => openSheet()} data-testid="daysheet-open-all">
                派工单
              </Button>
            )}
          </Space>
          <Space wrap size={12}>
            {Object.entries(STATUS_STYLE).map(([k, s]) => (
              <Badge key={k} color={s.color} text={s.name} />
            ))}
            <Typography.Text type="secondary">浅色：路程缓冲；灰色斜纹：休假</Typography.Text>
            <span data-testid="stream-state">
              {stream.connected ? (
                <Badge status="processing" text="实时更新" />
              ) : (
                <Badge status="warning" text="每 30 秒刷新" />
              )}
            </span>
          </Space>
        </Space>
      </Card>
      {!!planExceptions?.count && (
        <Alert
          type="warning"
          showIcon
          data-testid="plan-exceptions"
          // The link follows the text: at 1366 px the alert's right end lies past the window (the 1500 px frame).
          title={
            <>
              周期服务有 {planExceptions.count} 次服务未能排期（{planExceptions.plans} 个周期服务），需要处理
              {hasPerm('merchant:plan:list') && (
                <Button type="link" size="small" onClick={() => navigate(pagePath('merchant.plan.list'))}>
                  去周期服务
                </Button>
              )}
            </>
          }
        />
      )}
      {unknownRefusal && (
        <Alert
          type="warning"
          showIcon
          title="派单未成功"
          description={unknownRefusal.message}
          closable={{ onClose: () => setRefusal(null), 'aria-label': '关闭' }}
          data-testid="refusal"
        />
      )}
      <div style={{ display: 'flex', gap: 16, alignItems: 'flex-start' }}>
        <Card className="jz-card" variant="borderless" size="small" style={{ flex: 1, minWidth: 0 }}>
          {q.isError && !board ? (
            <QueryError error={q.error} onRetry={q.refetch} />
          ) : !board || !axis ? (
            <Skeleton active paragraph={{ rows: 6 }} />
          ) : board.employees.length === 0 ? (
            <Empty description="本店还没有在职员工：先在员工管理里添加员工，再来派单。">
              <Button onClick={() => navigate(pagePath('merchant.employee.list'))}>去员工管理</Button>
            </Empty>
          ) : (
            <Space
              orientation="vertical"
              size={8}
              style={{ width: '100%', opacity: q.isPlaceholderData ? 0.6 : 1 }}
              aria-busy={q.isPlaceholderData}
            >
              {orders === 0 && (
                <Typography.Text type="secondary" data-testid="no-orders">
                  {view === 'day' ? '这一天还没有订单。' : '这一周还没有订单。'}
                </Typography.Text>
              )}
              {view === 'day' ? (
                <DayBoard employees={board.employees} axis={axis} actions={actions} />
              ) : (
                <WeekBoard employees={board.employees} days={board.days} actions={actions} />
              )}
            </Space>
          )}
        </Card>
        <div style={{ width: 320, flex: 'none' }}>
          {board ? (
            <UnassignedPanel
              list={board.unassigned}
              day={board.days[0]}
              canAssign={canAssign}
              busy={assign.isPending}
              refusal={refusal}
              onDismissRefusal={() => setRefusal(null)}
              onAssign={onAssign}
              onOpen={setDetailId}
              elsewhere={board.waitingElsewhere}
              spanLabel={view === 'week' ? '这一周' : date === shanghaiDay(Date.now()) ? '今天' : `${date.slice(5)} `}
              onGoTo={setDate}
            />
          ) : (
            !q.isError && <Card className="jz-card" variant="borderless" size="small" loading title="待派单" />
          )}
        </div>
      </div>
      <OrderDetailDrawer id={detailId} onClose={() => setDetailId(null)} onDialog={setDialog} />
      <AssignModal order={dialog?.kind === 'assign' ? dialog.order : null} onClose={() => setDialog(null)} />
      <CancelModal order={dialog?.kind === 'cancel' ? dialog.order : null} onClose={() => setDialog(null)} />
      <RescheduleModal order={dialog?.kind === 'reschedule' ? dialog.order : null} onClose={() => setDialog(null)} />
      <DaySheetModal ask={sheet} onClose={() => setSheet(null)} />
    </Space>
  );
}
