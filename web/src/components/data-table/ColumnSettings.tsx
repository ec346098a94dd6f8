import { SettingOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Suspense, useState } from 'react';
import { lazyPage } from '../../lib/lazy-page.ts';
import { getUserInfo } from '../../lib/storage.ts';
import type { ColumnChoice } from './ColumnSettingsPanel.tsx';

// The popover, its checkboxes and links load with the first table that offers 列设置 (two lists do), not with DataTable.
const Panel = lazyPage(
  () => import('./ColumnSettingsPanel.tsx'),
  (m) => m.ColumnSettingsPanel,
);

/** 列设置's button; a click before the popover's code is there opens it once it is. */
function ColumnSettingsControl(props: {
  items: ColumnChoice[];
  onToggle: (key: string, shown: boolean) => void;
  onReset: () => void;
}) {
  const [clicked, setClicked] = useState(false);
  const button = (
    <Button icon={<SettingOutlined />} aria-label="列设置" onClick={clicked ? undefined : () => setClicked(true)}>
      列设置
    </Button>
  );
  return (
    <Suspense fallback={button}>
      <Panel {...props} defaultOpen={clicked}>
        <Button icon={<SettingOutlined />} aria-label="列设置">
          列设置
        </Button>
      </Panel>
    </Suspense>
  );
}

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

  const control = (
    <ColumnSettingsControl
      items={choosable.map((e) => ({
        key: e.key as string,
        title: typeof e.col.title === 'string' ? e.col.title : e.key,
        shown: e.shown,
        fixedOn: e.fixedOn,
      }))}
      onToggle={(key, shown) => save({ ...choice, [key]: shown })}
      onReset={() => save({})}
    />
  );
  return { columns: entries.filter((e) => e.shown).map((e) => e.col) as ColumnsType<T>, control };
}
