import { CalendarOutlined, SwapRightOutlined } from '@ant-design/icons';
import type { DatePickerProps } from 'antd';
import type { RangePickerProps } from 'antd/es/date-picker';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { onUse } from '../lazy-overlay/on-use.ts';
import './lazy-range-picker.css';

const picker = onUse(() => import('./range-picker.ts').then((m) => m.RangePicker));

type Props = RangePickerProps & { 'aria-label'?: string };

const show = (d: Dayjs | null | undefined, format: DatePickerProps['format']) =>
  d ? d.format(typeof format === 'string' ? format : 'YYYY-MM-DD') : '';

/**
 * antd's date RangePicker (32 KB gzip with its panels and styles) downloaded when the pointer or the focus reaches
 * it, not with its page (docs/performance-browser.md): until then a face in its closed look with the same dates.
 * A click or the focus on the face puts the real picker in its place, focused, so it opens as antd's does; a picker
 * already downloaded (another one on the page was used) is drawn at once. Takes RangePicker's props.
 */
export function LazyRangePicker(props: Props) {
  const Picker = picker.useValue();
  const [armed, setArmed] = useState(false);
  // Opened by the click or focus that armed it, then opened and closed by the picker itself.
  const [open, setOpen] = useState<boolean | undefined>(undefined);
  if (Picker && armed)
    return (
      <Picker
        {...props}
        autoFocus
        open={open}
        onOpenChange={(o) => {
          setOpen(o);
          props.onOpenChange?.(o);
        }}
      />
    );
  if (Picker) return <Picker {...props} />;
  const [from, to] = (props.value ?? []) as [Dayjs | null, Dayjs | null];
  const placeholder = (props.placeholder ?? ['开始日期', '结束日期']) as [string, string];
  const use = () => {
    picker.start();
    setArmed(true);
    setOpen(true);
  };
  const input = (v: string, p: string) => (
    <input
      readOnly
      size={12}
      value={v}
      placeholder={p}
      aria-label={props['aria-label']}
      disabled={props.disabled === true}
      onFocus={use}
    />
  );
  return (
    <div className="jz-range-face" onPointerEnter={picker.start} onMouseDown={use} style={props.style}>
      {input(show(from, props.format), placeholder[0])}
      <div className="jz-range-face-sep">
        <span aria-hidden="true">
          <SwapRightOutlined />
        </span>
      </div>
      {input(show(to, props.format), placeholder[1])}
      <span className="jz-range-face-suffix">
        <CalendarOutlined aria-hidden="true" />
      </span>
    </div>
  );
}
