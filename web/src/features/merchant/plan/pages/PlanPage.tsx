import type { PlanRow } from '@jz/contracts/plan';
import { PLAN_PAY_MODES, PLAN_STATUS } from '@jz/contracts/constants/plan';
import { Alert, Button, Space, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { DataTable } from '../../../../components/data-table/DataTable.tsx';
import { EmptyAction } from '../../../../components/EmptyAction.tsx';
import { RowAction } from '../../../../components/RowAction.tsx';
import { Auth } from '../../../../lib/access.tsx';
import { formatDate, formatDateTime } from '../../../../lib/format.ts';
import {
  getPlans,
  planKeys,
  usePlanDetail,
  usePlanExceptions,
  usePlanMutations,
  useStaffOptions,
} from '../api/plan.ts';
import { PlanDetailDrawer, PlanFormModal, PlanLoadingModal } from '../components/lazy-dialogs.ts';
import { toAddBody, toEditBody } from '../components/plan-form.ts';
import { PlanStatusTag } from '../components/plan-status.tsx';

/**
 * 周期服务: plans with filters (status, client, employee, 未能排期), the count of visits waiting for the dispatcher,
 * the create/edit form and a plan's detail. `?clientId=` filters to a client; `&new=1` opens the form for it (the
 * client page's 新建周期服务).
 */
export default function PlanPage() {
  const [sp, setSp] = useSearchParams();
  const clientId = Number(sp.get('clientId')) || undefined;
  const [detail, setDetail] = useState<number | null>(null);
  const [form, setForm] = useState<{ open: boolean; editId?: number }>({ open: sp.get('new') === '1' });
  const [onlyExceptions, setOnlyExceptions] = useState(false);
  const exceptions = usePlanExceptions();
  const staff = useStaffOptions(true);
  const editing = usePlanDetail(form.editId ?? null);
  const { add, edit } = usePlanMutations();

  const columns: ColumnsType<PlanRow> = [
    { title: '客户', dataIndex: 'clientName', width: 120 },
    { title: '地址', dataIndex: 'address', width: 180, ellipsis: true },
    {
      title: '服务',
      key: 'goods',
      width: 160,
      render: (_, r) => `${r.goodsName}${r.specName ? ` · ${r.specName}` : ''}`,
    },
    { title: '规则', dataIndex: 'ruleText', width: 150 },
    {
      title: '期限',
      key: 'term',
      width: 150,
      render: (_, r) =>
        `${formatDate(r.startDate)} 起 ${r.endDate ? `至 ${formatDate(r.endDate)}` : `${r.visitCount} 次`}`,
    },
    { title: '服务人员', dataIndex: 'employeeName', width: 90, render: (v: string | null) => v ?? '不指定' },
    { title: '付款', dataIndex: 'payMode', width: 100, render: (v: PlanRow['payMode']) => PLAN_PAY_MODES[v] },
    {
      title: '下次服务',
      dataIndex: 'nextVisitAt',
      width: 140,
      render: (v: string | null) => (v ? formatDateTime(v) : '-'),
    },
    {
      title: '已下单',
      key: 'booked',
      width: 120,
      render: (_, r) => (
        <Space size={4}>
          {r.bookedVisits} 次{r.exceptionCount > 0 && <Tag color="error">{r.exceptionCount} 次未能排期</Tag>}
        </Space>
      ),
    },
    {
      title: '状态',
      dataIndex: 'status',
      width: 80,
      render: (s: PlanRow['status']) => <PlanStatusTag status={s} />,
    },
    {
      title: '操作',
      key: 'op',
      width: 110,
      fixed: 'right',
      render: (_, r) => (
        <Space size={4}>
          <RowAction onClick={() => setDetail(r.id)}>详情</RowAction>
          {r.status !== 'ended' && (
            <Auth perm="merchant:plan:edit">
              <RowAction onClick={() => setForm({ open: true, editId: r.id })}>编辑</RowAction>
            </Auth>
          )}
        </Space>
      ),
    },
  ];

  const waiting = exceptions.data?.count ?? 0;
  return (
    <>
      {waiting > 0 && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          title={`${waiting} 次服务未能排期（${exceptions.data?.plans ?? 0} 个周期服务），请查看原因并重试、跳过或标记为已处理`}
          action={
            <Button size="small" onClick={() => setOnlyExceptions((x) => !x)}>
              {onlyExceptions ? '查看全部' : '只看未能排期'}
            </Button>
          }
        />
      )}
      {exceptions.isError && !exceptions.data && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          title="未能排期的服务数加载失败，可能有服务等待处理"
          action={
            <Button size="small" onClick={() => exceptions.refetch()}>
              重试
            </Button>
          }
        />
      )}
      {clientId && (
        <Alert
          style={{ marginBottom: 12 }}
          title="只显示该客户的周期服务"
          action={
            <Button size="small" onClick={() => setSp({})}>
              查看全部
            </Button>
          }
        />
      )}
      <DataTable<PlanRow>
        title="周期服务"
        queryKey={planKeys.list}
        fetcher={getPlans}
        params={{ clientId, withExceptions: onlyExceptions ? 'true' : undefined }}
        columns={columns}
        emptyAction={
          <EmptyAction perm="merchant:plan:add" onClick={() => setForm({ open: true })}>
            新增第一个周期服务
          </EmptyAction>
        }
        search={[
          {
            name: 'status',
            label: '状态',
            type: 'select',
            options: Object.entries(PLAN_STATUS).map(([value, label]) => ({ value, label })),
          },
          {
            name: 'employeeId',
            label: '服务人员',
            type: 'select',
            options: (staff.data ?? []).map((e) => ({ value: e.id, label: e.name })),
            query: staff,
          },
        ]}
        toolbar={() => (
          <Auth perm="merchant:plan:add">
            <Button type="primary" onClick={() => setForm({ open: true })}>
              新增周期服务
            </Button>
          </Auth>
        )}
      />
      <PlanDetailDrawer
        id={detail}
        onClose={() => setDetail(null)}
        onEdit={(p) => setForm({ open: true, editId: p.id })}
      />
      {/* 编辑 from a row loads the plan first: a placeholder meanwhile, and 重试 if it fails. */}
      {form.open && form.editId && !editing.data && (
        <PlanLoadingModal
          open
          error={editing.isError ? editing.error : null}
          onRetry={editing.refetch}
          onClose={() => setForm({ open: false })}
        />
      )}
      {form.open && (!form.editId || editing.data) && (
        <PlanFormModal
          open
          plan={form.editId ? editing.data : null}
          clientId={form.editId ? undefined : clientId}
          onClose={() => setForm({ open: false })}
          onSubmit={async (v) => {
            if (form.editId) await edit.mutateAsync(toEditBody(form.editId, v));
            else {
              const r = await add.mutateAsync(toAddBody(v));
              setDetail(r.id);
            }
          }}
        />
      )}
    </>
  );
}
