import { CloseCircleOutlined } from '@ant-design/icons';
import { Button, Space } from 'antd';
import { type ComponentType, useEffect, useState } from 'react';
import { IconPicker, loadIcons } from '../../../../components/icon-picker/IconPicker.tsx';
import { sidebarIcons } from '../../../../components/icons/icon-map.tsx';

/** An icon by name, from the sidebar set or (lazily) the picker's larger set. */
export function IconByName({ name }: { name?: string | null }) {
  const [Icon, setIcon] = useState<ComponentType | null>(() => (name ? (sidebarIcons[name] ?? null) : null));
  useEffect(() => {
    if (!name) return setIcon(null);
    if (sidebarIcons[name]) return setIcon(() => sidebarIcons[name]);
    let alive = true;
    loadIcons().then((list) => {
      const found = list.find(([n]) => n === name)?.[1];
      if (alive) setIcon(() => found ?? null);
    });
    return () => {
      alive = false;
    };
  }, [name]);
  return Icon ? <Icon /> : null;
}

/** Form control: the chosen icon and a button opening the icon picker dialog. */
export function IconField({
  value,
  onChange,
  id,
}: {
  value?: string | null;
  onChange?: (v: string | null) => void;
  id?: string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Space id={id}>
      <Button onClick={() => setOpen(true)} icon={value ? <IconByName name={value} /> : undefined}>
        {value || '选择图标'}
      </Button>
      {value && (
        <Button type="text" aria-label="清除图标" icon={<CloseCircleOutlined />} onClick={() => onChange?.(null)} />
      )}
      <IconPicker
        open={open}
        value={value}
        onClose={() => setOpen(false)}
        onSelect={(name) => {
          onChange?.(name);
          setOpen(false);
        }}
      />
    </Space>
  );
}
