import { UserOutlined } from '@ant-design/icons';
import { Children, type HTMLAttributes, type ReactNode, useState } from 'react';
import './console-frame.css';

/**
 * antd's Space (horizontal, centred) as plain markup: a flex row of item boxes with a gap. The header used Space,
 * Avatar and Typography.Text only for their look; the components (and Typography's editor, copy and ellipsis
 * machinery) came with the console frame of every route (docs/performance-browser.md).
 */
export function HSpace({ gap = 8, className, children, ...rest }: HTMLAttributes<HTMLDivElement> & { gap?: number }) {
  return (
    <div className={className ? `jz-space ${className}` : 'jz-space'} style={{ gap }} {...rest}>
      {Children.toArray(children).map((c, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the slots of a fixed row, by place
        <div className="jz-space-item" key={i}>
          {c}
        </div>
      ))}
    </div>
  );
}

/** antd's Avatar at size small: the picture, or the user icon without one (or when it fails to load). */
export function SmallAvatar({ src }: { src?: string | null }) {
  const [failed, setFailed] = useState(false);
  const image = !!src && !failed;
  return (
    <span className={image ? 'jz-avatar jz-avatar-image' : 'jz-avatar'}>
      {image ? <img src={src} alt="" onError={() => setFailed(true)} /> : <UserOutlined />}
    </span>
  );
}

/** Typography.Text: the theme's text colour, or its secondary grey. */
export function Text({ secondary, children }: { secondary?: boolean; children: ReactNode }) {
  return <span className={secondary ? 'jz-text jz-text-secondary' : 'jz-text'}>{children}</span>;
}
