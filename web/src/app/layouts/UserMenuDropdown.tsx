import { Dropdown, type MenuProps } from 'antd';
import { type ReactElement, useState } from 'react';

/**
 * The header's account menu: antd's Dropdown (with its Menu), loaded when the pointer reaches the header's right side
 * (HeaderBar.tsx); open at once if the pointer is already on the trigger when it arrives.
 */
export function UserMenuDropdown({
  items,
  startOpen,
  children,
}: {
  items: MenuProps['items'];
  startOpen: boolean;
  children: ReactElement;
}) {
  const [open, setOpen] = useState(startOpen);
  return (
    <Dropdown
      // opens leftwards from the right edge: no shift to fit the window (the trigger sits at the edge, styles.css)
      placement="bottomRight"
      menu={{ items }}
      open={open}
      onOpenChange={setOpen}
    >
      {children}
    </Dropdown>
  );
}
