import { DownOutlined } from '@ant-design/icons';
import type { SelectProps } from 'antd';
import type { ReactNode } from 'react';
import './lazy-select.css';

export type FaceProps = {
  id?: string;
  value?: unknown;
  options?: SelectProps['options'];
  placeholder?: ReactNode;
  disabled?: boolean;
  status?: SelectProps['status'];
  style?: SelectProps['style'];
  className?: string;
  role?: 'combobox';
  'aria-label'?: string;
  onOpen?: () => void;
  onWarm?: () => void;
};

/**
 * A closed antd Select (middle size) drawn by plain markup: the chosen option's label or the placeholder. Stands in for
 * the real one until its chunk is there (LazySelect, DeferredSelect, PageSizeSelect); nothing moves when it is replaced.
 */
export function SelectFace({ onOpen, onWarm, className, ...props }: FaceProps) {
  const chosen = props.options?.find((o) => o.value === props.value && props.value != null);
  const error = props.status === 'error';
  return (
    <button
      type="button"
      id={props.id}
      role={props.role}
      className={['jz-lazy-select', error && 'jz-lazy-select-error', className].filter(Boolean).join(' ')}
      style={props.style}
      aria-label={props['aria-label']}
      aria-haspopup="listbox"
      aria-expanded={false}
      aria-invalid={error || undefined}
      disabled={props.disabled}
      // Opens on the click, not the press: a Select mounted during the press would see that same press reach its
      // "pressed outside" listener on window (added as it mounts, the face already gone) and close at once.
      onMouseDown={onWarm}
      onClick={onOpen}
      onPointerEnter={onWarm}
      onFocus={onWarm}
      onKeyDown={(e) => {
        if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
          e.preventDefault();
          onOpen?.();
        }
      }}
    >
      <span className="jz-lazy-select-value">
        {chosen ? chosen.label : <span className="jz-lazy-select-placeholder">{props.placeholder}</span>}
      </span>
      <DownOutlined className="jz-lazy-select-arrow" />
    </button>
  );
}
