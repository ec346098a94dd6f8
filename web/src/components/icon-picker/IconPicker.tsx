import { CloseCircleFilled, SearchOutlined } from '@ant-design/icons';
import { Button, Empty, Input, Modal, Space, Spin } from 'antd';
import { type ComponentType, useEffect, useMemo, useState } from 'react';
import './icon-picker.css';
// A hashed, precompressed file of the build: the set is data, fetched when a picker opens, never a route's JavaScript.
import iconsUrl from './icons-outlined.json?url';

type IconList = [string, ComponentType][];
let loading: Promise<IconList> | undefined;

/** HomeOutlined → home, as @ant-design/icons names its icons for assistive technology. */
const labelOf = (name: string) =>
  name
    .replace(/Outlined$/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .toLowerCase();

/** An icon drawn from its data (scripts/gen-icon-list.mjs: viewBox, then path data), in antd's icon markup. */
function dataIcon(name: string, [viewBox, ...paths]: string[]): ComponentType {
  const label = labelOf(name);
  // biome-ignore lint/correctness/noComponentHookFactories: one stable component per icon, made once when the set loads
  const Icon = () => (
    <span role="img" aria-label={label} className={`anticon anticon-${label}`}>
      <svg viewBox={viewBox} focusable="false" width="1em" height="1em" fill="currentColor" aria-hidden="true">
        {paths.map((d) => (
          <path key={d} d={d} />
        ))}
      </svg>
    </span>
  );
  Icon.displayName = name;
  return Icon;
}

/** The icon set (web/scripts/gen-icon-list.mjs), fetched once; a failed fetch is tried again next time. */
export function loadIcons(): Promise<IconList> {
  loading ??= fetch(iconsUrl)
    .then((r) => {
      if (!r.ok) throw new Error(`icons: HTTP ${r.status}`);
      return r.json() as Promise<Record<string, string[]>>;
    })
    .then((data) => Object.entries(data).map(([n, v]): [string, ComponentType] => [n, dataIcon(n, v)]))
    .catch((e) => {
      loading = undefined;
      throw e;
    });
  return loading;
}

function useIcons(active: boolean) {
  const [icons, setIcons] = useState<IconList | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!active || icons) return;
    let alive = true;
    setFailed(false);
    loadIcons().then(
      (l) => alive && setIcons(l),
      () => alive && setFailed(true),
    );
    return () => {
      alive = false;
    };
  }, [active, icons]);
  return { icons, failed };
}

export interface IconPickerProps {
  open: boolean;
  value?: string | null;
  onSelect: (name: string) => void;
  onClose: () => void;
}

/** Icon picker dialog (docs/spec-notes.md#routes): about 280 Outlined icons of @ant-design/icons, searchable by name. */
export function IconPicker({ open, value, onSelect, onClose }: IconPickerProps) {
  const { icons, failed } = useIcons(open);
  const [q, setQ] = useState('');
  const shown = useMemo(() => {
    const k = q.trim().toLowerCase();
    return (icons ?? []).filter(([n]) => !k || n.toLowerCase().includes(k));
  }, [icons, q]);

  return (
    <Modal open={open} title="选择图标" onCancel={onClose} footer={null} width={760} destroyOnHidden>
      <Input
        allowClear
        autoFocus
        prefix={<SearchOutlined />}
        placeholder="搜索图标名称，如 home、user"
        aria-label="搜索图标"
        value={q}
        onChange={(e) => setQ(e.target.value)}
        style={{ marginBottom: 12 }}
      />
      {failed ? (
        <Empty description="图标加载失败，请关闭后重试" />
      ) : !icons ? (
        <div style={{ textAlign: 'center', padding: 48 }}>
          <Spin />
        </div>
      ) : shown.length === 0 ? (
        <Empty description="没有匹配的图标" />
      ) : (
        <div className="jz-icon-grid" role="listbox" aria-label="图标列表" data-count={shown.length}>
          {shown.map(([name, Icon]) => (
            <button
              key={name}
              title={name}
              type="button"
              role="option"
              aria-selected={value === name}
              aria-label={name}
              className={value === name ? 'jz-icon-cell jz-icon-cell--active' : 'jz-icon-cell'}
              onClick={() => {
                onSelect(name);
                onClose();
              }}
            >
              <Icon />
              <span>{name.replace(/Outlined$/, '')}</span>
            </button>
          ))}
        </div>
      )}
    </Modal>
  );
}

/** The current icon by name once the set is loaded (used by IconSelect). */
function IconByName({ name }: { name: string }) {
  const { icons } = useIcons(true);
  const Icon = icons?.find(([n]) => n === name)?.[1];
  return Icon ? <Icon /> : null;
}

export interface IconSelectProps {
  value?: string | null;
  onChange?: (name: string | null) => void;
  disabled?: boolean;
  placeholder?: string;
}

/** A form control: shows the chosen icon and its name, opens the picker, clears. */
export function IconSelect({ value, onChange, disabled, placeholder = '点击选择图标' }: IconSelectProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Space.Compact style={{ width: 350 }}>
        <Input
          readOnly
          value={value ?? ''}
          placeholder={placeholder}
          // Prefix and suffix always present (an empty span when unused): antd warns, and the field loses focus, when
          // either appears or disappears while it is focused.
          prefix={value ? <IconByName name={value} /> : <span />}
          suffix={
            value && !disabled ? (
              <CloseCircleFilled
                aria-label="清除图标"
                style={{ color: '#bfbfbf', cursor: 'pointer' }}
                onClick={() => onChange?.(null)}
              />
            ) : (
              <span />
            )
          }
          onClick={() => !disabled && setOpen(true)}
        />
        <Button disabled={disabled} onClick={() => setOpen(true)}>
          选择图标
        </Button>
      </Space.Compact>
      <IconPicker open={open} value={value} onSelect={(n) => onChange?.(n)} onClose={() => setOpen(false)} />
    </>
  );
}
