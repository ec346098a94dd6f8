import { Button } from 'antd';
import type { ReactNode } from 'react';

/** A text action in a table row (编辑 / 删除 / 详情): a real button, styled as a link. */
export function RowAction(props: { onClick: () => void; danger?: boolean; disabled?: boolean; children: ReactNode }) {
  return (
    <Button
      type="link"
      size="small"
      style={{ padding: 0 }}
      danger={props.danger}
      disabled={props.disabled}
      onClick={props.onClick}
    >
      {props.children}
    </Button>
  );
}
