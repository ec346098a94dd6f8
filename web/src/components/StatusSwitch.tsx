import { Switch } from 'antd';
import { useState } from 'react';
import { useConfirm } from './confirm.ts';

/**
 * docs/spec-notes.md#states switch column: asks "确定更改状态?"; on cancel the switch keeps its previous value; on confirm the change
 * event is raised and the switch shows the new value once the server accepted it.
 */
export function StatusSwitch(props: {
  checked: boolean;
  onChange: (next: boolean) => Promise<unknown>;
  checkedChildren?: string;
  unCheckedChildren?: string;
  disabled?: boolean;
  confirmText?: string;
}) {
  const { confirmStatus } = useConfirm();
  const [busy, setBusy] = useState(false);
  const [value, setValue] = useState<boolean | undefined>(undefined);
  const shown = value ?? props.checked;
  return (
    <Switch
      checked={shown}
      loading={busy}
      disabled={props.disabled}
      checkedChildren={props.checkedChildren ?? '正常'}
      unCheckedChildren={props.unCheckedChildren ?? '停用'}
      onChange={async (next) => {
        if (!(await confirmStatus(props.confirmText))) return;
        setBusy(true);
        setValue(next);
        try {
          await props.onChange(next);
        } catch {
          setValue(undefined);
        } finally {
          setBusy(false);
          setValue(undefined);
        }
      }}
    />
  );
}
