import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Space } from 'antd';
import type { Key, ReactNode } from 'react';
import { Auth } from '../../lib/access.tsx';
import { useLongAction } from '../../lib/use-long-action.ts';

export interface CrudToolbarProps {
  /** From DataTable's toolbar context. */
  selectedRowKeys: Key[];
  clearSelection: () => void;
  /** 新增 (primary), shown to holders of perm. */
  add?: { perm: string; onClick: () => void; text?: ReactNode; icon?: ReactNode; disabled?: boolean };
  /** 批量删除 (danger, disabled until rows are selected), shown to holders of perm; onDelete asks first. */
  del?: { perm: string; onDelete: (ids: number[], clearSelection: () => void) => unknown };
  /** Page-specific buttons, placed between 新增 and 批量删除. */
  children?: ReactNode;
}

/**
 * The toolbar every CRUD list repeats: 新增, the page's own buttons, 批量删除. Its own Space keeps the gaps, since
 * DataTable's toolbar Space sees this component as a single item.
 */
export function CrudToolbar({ selectedRowKeys, clearSelection, add, del, children }: CrudToolbarProps) {
  // The delete asks, then removes: the button spins meanwhile and a second click does nothing (docs/ux-states.md).
  const remove = useLongAction((ids: number[]) => del?.onDelete(ids, clearSelection));
  return (
    <Space>
      {add && (
        <Auth perm={add.perm}>
          <Button type="primary" icon={add.icon ?? <PlusOutlined />} disabled={add.disabled} onClick={add.onClick}>
            {add.text ?? '新增'}
          </Button>
        </Auth>
      )}
      {children}
      {del && (
        <Auth perm={del.perm}>
          <Button
            danger
            icon={<DeleteOutlined />}
            disabled={!selectedRowKeys.length}
            loading={remove.running}
            onClick={() => remove.run(selectedRowKeys as number[])}
          >
            批量删除
          </Button>
        </Auth>
      )}
    </Space>
  );
}
