import { Checkbox, Popover, Space, Typography } from 'antd';
import type { ReactNode } from 'react';

export interface ColumnChoice {
  key: string;
  title: ReactNode;
  shown: boolean;
  fixedOn: boolean;
}

/** 列设置's popover (loaded with the first table that offers it: ColumnSettings.tsx), around its button. */
export function ColumnSettingsPanel({
  items,
  onToggle,
  onReset,
  defaultOpen,
  children,
}: {
  items: ColumnChoice[];
  onToggle: (key: string, shown: boolean) => void;
  onReset: () => void;
  defaultOpen?: boolean;
  children: ReactNode;
}) {
  const panel = (
    <Space orientation="vertical" size={4} data-testid="column-settings">
      {items.map((e) => (
        <Checkbox
          key={e.key}
          checked={e.shown}
          disabled={e.fixedOn}
          onChange={(ev) => onToggle(e.key, ev.target.checked)}
        >
          {e.title}
        </Checkbox>
      ))}
      <Typography.Link onClick={onReset} style={{ marginTop: 4 }}>
        恢复默认
      </Typography.Link>
    </Space>
  );
  return (
    <Popover trigger="click" placement="bottomRight" title="选择显示的列" content={panel} defaultOpen={defaultOpen}>
      {children}
    </Popover>
  );
}
