import { type ComponentType, useEffect, useState } from 'react';
import { loadIcons } from '../../../../components/icon-picker/IconPicker.tsx';
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
