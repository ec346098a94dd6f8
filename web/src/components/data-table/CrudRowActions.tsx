import { Space } from 'antd';
import type { ReactNode } from 'react';
import { Auth } from '../../lib/access.tsx';
import { RowAction } from '../RowAction.tsx';

export interface CrudRowActionsProps {
  /** 编辑, shown to holders of perm. */
  edit?: { perm: string; onClick: () => void };
  /** 删除 (danger), shown to holders of perm. */
  del?: { perm: string; onClick: () => void; disabled?: boolean };
  /** Page-specific actions, placed between 编辑 and 删除. */
  children?: ReactNode;
  /** Actions placed before 编辑 (e.g. 新增下级 in a tree). */
  lead?: ReactNode;
  /** Gap between the actions (antd Space size), and whether they may wrap onto a second line. */
  size?: number;
  wrap?: boolean;
}

/** The action cell every CRUD list repeats: 编辑, the page's own actions, 删除. */
export function CrudRowActions({ edit, del, children, lead, size, wrap }: CrudRowActionsProps) {
  return (
    <Space size={size} wrap={wrap}>
      {lead}
      {edit && (
        <Auth perm={edit.perm}>
          <RowAction onClick={edit.onClick}>编辑</RowAction>
        </Auth>
      )}
      {children}
      {del && (
        <Auth perm={del.perm}>
          <RowAction danger disabled={del.disabled} onClick={del.onClick}>
            删除
          </RowAction>
        </Auth>
      )}
    </Space>
  );
}
