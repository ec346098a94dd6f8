import { CloseOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import type { HTMLAttributes, ReactNode } from 'react';

/**
 * One notice of the alert dock: an icon and a title with a close button, the body, the actions on the right. The dock
 * (OrderAlerts) places the cards; a card never times out by itself (the new-order stack does, NewOrderStack.tsx).
 */
export function AlertCard(
  props: {
    icon: ReactNode;
    title: ReactNode;
    children: ReactNode;
    actions?: ReactNode;
    onClose: () => void;
  } & Omit<HTMLAttributes<HTMLDivElement>, 'title'>,
) {
  const { icon, title, children, actions, onClose, ...rest } = props;
  return (
    <div className="jz-alert" role="alert" {...rest}>
      <div className="jz-alert-head">
        {icon}
        <span className="jz-alert-title">{title}</span>
        <Button type="text" size="small" aria-label="关闭" icon={<CloseOutlined />} onClick={onClose} />
      </div>
      <div className="jz-alert-body">{children}</div>
      {actions && <div className="jz-alert-actions">{actions}</div>}
    </div>
  );
}
