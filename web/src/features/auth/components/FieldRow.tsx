import type { ReactNode } from 'react';

/**
 * A form row in the look of antd's Form.Item (large size, no label): the control, then its message in the 24 px
 * below it (red, announced with role="alert"), the same space left empty when there is none.
 */
export function FieldRow({ children, id, error }: { children: ReactNode; id: string; error?: string }) {
  return (
    <div className="jz-login-item">
      {children}
      <div className="jz-login-explain">
        {error ? (
          <div id={id} role="alert">
            {error}
          </div>
        ) : null}
      </div>
    </div>
  );
}
