import type { ReactNode } from 'react';

/**
 * A visible label bound to a field by id. antd-mobile's Input and TextArea copy `aria-*` props onto their wrapper
 * <div> (TextArea not onto the <textarea> at all), so an aria-label names a box with no role, or only it: the
 * staff page names its antd-mobile fields with this label and the field's `id` instead.
 */
export function FieldLabel({ htmlFor, children }: { htmlFor: string; children: ReactNode }) {
  return (
    <label htmlFor={htmlFor} className="staff-field-label">
      {children}
    </label>
  );
}
