import { useQuery } from '@tanstack/react-query';
import { Alert, Modal, Radio, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { QueryError } from '../../../../components/QueryState.tsx';
import { DictTag } from '../../../../lib/dict.tsx';
import { getAssignable, orderKeys, useOrderMutations } from '../api/order.ts';

/**
 * 指派员工 (setYuangong): employees of the order's shop who are 空闲 or 服务中 (those on leave or resigned are not
 * offered, and the server refuses them anyway), least busy first. Assigning a 20 accepts the order.
 */
export function AssignModal(props: {
  order: { id: number; orderNo: string; status: number } | null;
  onClose: () => void;
}) {
  const { order } = props;
  const [picked, setPicked] = useState<number>();
  const { assign } = useOrderMutations();
  const q = useQuery({
    queryKey: [...orderKeys.all, 'assignable', order?.id],
    queryFn: () => getAssignable(order!.id),
    enabled: !!order,
  });
  const close = () => {
    setPicked(undefined);
    props.onClose();
  };
  const list = q.data ?? [];
  const submit = async () => {
    if (!order || !picked) return;
    await assign.mutateAsync({ id: order.id, yuangongId: picked }).then(close, () => undefined);
  };
  return (
    <Modal
      title={order?.status === 30 ? `改派员工 · ${order.orderNo}` : `接单并指派员工 · ${order?.orderNo ?? ''}`}
      open={!!order}
      onCancel={close}
      onOk={submit}
      okText={order?.status === 30 ? '确认改派' : '确认接单'}
      okButtonProps={{ disabled: !picked, loading: assign.isPending }}
      destroyOnHidden
    >
      {q.isLoading ? (
        <Typography.Text type="secondary">加载员工…</Typography.Text>
      ) : q.isError && !q.data ? (
        <QueryError error={q.error} onRetry={q.refetch} compact />
      ) : list.length === 0 ? (
        <Alert type="warning" showIcon title="本店暂无可指派的员工（休假、离职员工不能指派）" />
      ) : (
        <Radio.Group value={picked} onChange={(e) => setPicked(e.target.value)} style={{ width: '100%' }}>
          <Space orientation="vertical" style={{ width: '100%' }}>
            {list.map((e) => (
              <Radio key={e.id} value={e.id} disabled={e.current} aria-label={e.name}>
                <Space>
                  <Typography.Text strong>{e.name}</Typography.Text>
                  <Typography.Text type="secondary">{e.phone}</Typography.Text>
                  <DictTag type="employee_work_state" value={e.workState} />
                  <Tag>待服务 {e.load} 单</Tag>
                  <Tag color="gold">评分 {e.rating.toFixed(1)}</Tag>
                  {e.current && <Tag color="blue">当前</Tag>}
                </Space>
              </Radio>
            ))}
          </Space>
        </Radio.Group>
      )}
    </Modal>
  );
}
