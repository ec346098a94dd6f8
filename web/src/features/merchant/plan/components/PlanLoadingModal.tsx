import { Modal } from 'antd';
import { PlainSkeleton } from '../../../../components/plain/PlainSkeleton.tsx';
import { QueryError } from '../../../../components/QueryState.tsx';

/** 编辑周期服务 while the plan loads: a placeholder, or 周期服务加载失败 with 重试. */
export function PlanLoadingModal(props: { open: boolean; error: unknown; onRetry: () => void; onClose: () => void }) {
  return (
    <Modal title="编辑周期服务" open={props.open} footer={null} onCancel={props.onClose}>
      {props.error ? (
        <QueryError error={props.error} onRetry={props.onRetry} title="周期服务加载失败" compact />
      ) : (
        <PlainSkeleton title={false} rows={6} />
      )}
    </Modal>
  );
}
