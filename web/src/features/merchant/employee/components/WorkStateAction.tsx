import { DownOutlined } from '@ant-design/icons';
import type { Employee } from '@jz/contracts/employee';
import { MANUAL_WORK_STATES, WORK_STATE } from '@jz/contracts/constants/employee';
import { Button, Dropdown, Tooltip } from 'antd';
import { useState } from 'react';
import { useConfirm } from '../../../../components/confirm.ts';
import { useDict } from '../../../../lib/dict.tsx';
import { useEmployeeMutations } from '../api/employee.ts';
import { LazyLeaveDialog } from './LazyLeaveDialog.tsx';

/**
 * 空闲 / 离职 by hand, each asking first; 设为休假 opens the 请假/休假 dialog (from–to, reason: a dated leave). 服务中 belongs to the orders: a serving employee cannot be changed here
 * (the server refuses it too).
 */
export function WorkStateAction({ employee }: { employee: Employee }) {
  const { labelOf } = useDict('employee_work_state');
  const { confirmStatus } = useConfirm();
  const { setWorkState } = useEmployeeMutations();
  const [leaveOpen, setLeaveOpen] = useState(false);
  const busy = employee.workState === WORK_STATE.BUSY;
  const items = MANUAL_WORK_STATES.filter((s) => s !== employee.workState).map((s) => ({
    key: String(s),
    label: `设为${labelOf(s)}`,
  }));
  const button = (
    <Button type="link" size="small" style={{ padding: 0 }} disabled={busy} loading={setWorkState.isPending}>
      状态 <DownOutlined />
    </Button>
  );
  if (busy) return <Tooltip title="服务中的员工在订单完成后自动恢复空闲">{button}</Tooltip>;
  return (
    <>
      <Dropdown
        trigger={['click']}
        menu={{
          items,
          onClick: async ({ key }) => {
            const next = Number(key);
            if (next === WORK_STATE.LEAVE) {
              setLeaveOpen(true);
              return;
            }
            if (!(await confirmStatus(`确定将「${employee.name}」设为「${labelOf(next)}」吗？`))) return;
            await setWorkState.mutateAsync({ id: employee.id, workState: next }).catch(() => undefined); // the client already warned
          },
        }}
      >
        {button}
      </Dropdown>
      <LazyLeaveDialog employee={employee} open={leaveOpen} onClose={() => setLeaveOpen(false)} />
    </>
  );
}
