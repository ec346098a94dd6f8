import { SettingOutlined } from '@ant-design/icons';
import { Button, Checkbox, Popover, Space, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { getUserInfo } from '../../lib/storage.ts';

/**
 * 列设置 of a DataTable: the user chooses which columns a wide list shows; the choice is kept per user and
 * table in local storage (cleared at sign-out with the rest of it, docs/spec-notes.md#states). Identifying and state columns are locked
 * on, as is 操作.
 */
export interface ColumnSettingsOptions {
  /** A stable name of the table, e.g. 'merchant.order.list' (part of the storage key). */
  id: string;
  /** Keys of the columns always shown (identifying and state columns); 操作 is always shown too. */
  locked?: string[];
  /** Keys of the columns hidden until the user picks them. */
  hidden?: string[];
}

/** What the user changed: column key -> shown. Keys not in it follow the table's defaults. */
type Choice = Record<string, boolean>;

const ACTION_KEYS = new Set(['op', 'action', 'actions', 'operation']);

/** A column's key: its `key`, or its `dataIndex` when that is a plain name. */
export function columnKeyOf(col: ColumnsType<never>[number]): string | undefined {
  if (col.key !== undefined) return String(col.key);
  const di = (col as { dataIndex?: unknown }).dataIndex;
  if (typeof di === 'string' || typeof di === 'number') return String(di);
  if (Array.isArray(di)) return di.join('.');
  return undefined;
}

const isAction = (col: ColumnsType<never>[number], key: string | undefined) =>
  (key !== undefined && ACTION_KEYS.has(key)) || col.title === '操作';

/** The local-storage key of one user's choice for one table. */
export const columnStorageKey = (id: string) => `jz.columns.${getUserInfo()?.id ?? 'anon'}.${id}`;

function readChoice(id: string): Choice {
  try {
    const v = JSON.parse(localStorage.getItem(columnStorageKey(id)) ?? 'null');
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Choice) : {};
  } catch {
    return {};
  }
}

/**
 * The columns to show under the user's choice, and the 列设置 control that changes it. Without options every column
 * shows and there is no control.
 */
export function useColumnSettings<T>(columns: ColumnsType<T>, opts: ColumnSettingsOptions | undefined) {
  const [choice, setChoice] = useState<Choice>(() => (opts ? readChoice(opts.id) : {}));
  if (!opts) return { columns, control: null };

  const locked = new Set(opts.locked ?? []);
  const hiddenByDefault = new Set(opts.hidden ?? []);
  const entries = columns.map((col) => {
    const key = columnKeyOf(col as ColumnsType<never>[number]);
    const fixedOn = key === undefined || locked.has(key) || isAction(col as ColumnsType<never>[number], key);
    const shown = fixedOn || (choice[key] ?? !hiddenByDefault.has(key));
    return { col, key, fixedOn, shown };
  });
  const save = (next: Choice) => {
    setChoice(next);
    try {
      if (Object.keys(next).length) localStorage.setItem(columnStorageKey(opts.id), JSON.stringify(next));
      else localStorage.removeItem(columnStorageKey(opts.id));
    } catch {
      /* storage full or off: the choice lasts this visit */
    }
  };
  const choosable = entries.filter((e) => e.key !== undefined && !isAction(e.col as ColumnsType<never>[number], e.key));

  const panel = (
    <Space orientation="vertical" size={4} data-testid="column-settings">
      {choosable.map((e) => (
        <Checkbox
          key={e.key}
          checked={e.shown}
          disabled={e.fixedOn}
          onChange={(ev) => save({ ...choice, [e.key as string]: ev.target.checked })}
        >
          {typeof e.col.title === 'string' ? e.col.title : e.key}
        </Checkbox>
      ))}
      <Typography.Link onClick={() => save({})} style={{ marginTop: 4 }}>
        恢复默认
      </Typography.Link>
    </Space>
  );
  const control = (
    <Popover trigger="click" placement="bottomRight" title="选择显示的列" content={panel}>
      <Button icon={<SettingOutlined />} aria-label="列设置">
        列设置
      </Button>
    </Popover>
  );
  return { columns: entries.filter((e) => e.shown).map((e) => e.col) as ColumnsType<T>, control };
}
