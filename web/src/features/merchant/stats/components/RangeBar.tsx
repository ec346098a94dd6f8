import { useQuery } from '@tanstack/react-query';
import { Button, Select, Space } from 'antd';
import { LazyRangePicker } from '../../../../components/lazy-picker/LazyRangePicker.tsx';
import dayjs, { type Dayjs } from 'dayjs';
import type { ReactNode } from 'react';
import { initPcQuery } from '../../../../lib/queries.ts';
import { toApiDate } from '../../../../lib/format.ts';
import { pickerNow } from '../../../../lib/zone.ts';

export interface RangeValue {
  startDate: string;
  endDate: string;
  shopId?: 'all' | number;
}

export const lastDays = (n: number): RangeValue => ({
  startDate: toApiDate(pickerNow().subtract(n - 1, 'day')),
  endDate: toApiDate(pickerNow()),
});

const PRESETS: { label: string; value: [Dayjs, Dayjs] }[] = [
  { label: '今天', value: [pickerNow(), pickerNow()] },
  { label: '近 7 天', value: [pickerNow().subtract(6, 'day'), pickerNow()] },
  { label: '近 30 天', value: [pickerNow().subtract(29, 'day'), pickerNow()] },
  { label: '本月', value: [pickerNow().startOf('month'), pickerNow()] },
];

/** Date range (at most 366 days) and shop (current / all / one) of a figure page, plus its actions. */
export function RangeBar(props: {
  value: RangeValue;
  onChange: (v: RangeValue) => void;
  /** The page's own default range, which 重置 goes back to (7 days unless told). */
  defaultDays?: number;
  /** A search box of the page, shown after the filters. */
  search?: ReactNode;
  extra?: ReactNode;
}) {
  const { data: init } = useQuery(initPcQuery);
  const { value, onChange } = props;
  return (
    <Space wrap style={{ width: '100%', justifyContent: 'space-between' }}>
      <Space wrap>
        <LazyRangePicker
          aria-label="统计日期范围"
          allowClear={false}
          presets={PRESETS}
          value={[dayjs(value.startDate), dayjs(value.endDate)]}
          disabledDate={(d, info) =>
            d.isAfter(pickerNow(), 'day') || (!!info.from && Math.abs(d.diff(info.from, 'day')) > 365)
          }
          onChange={(r) =>
            r?.[0] && r[1] && onChange({ ...value, startDate: toApiDate(r[0]), endDate: toApiDate(r[1]) })
          }
        />
        <Select
          aria-label="统计店铺"
          style={{ width: 240 }}
          value={value.shopId ?? ''}
          onChange={(v) => onChange({ ...value, shopId: v === '' ? undefined : (v as 'all' | number) })}
          options={[
            { label: `当前店铺${init?.curDianpu ? `（${init.curDianpu.name}）` : ''}`, value: '' },
            { label: '全部店铺', value: 'all' },
            ...(init?.allDianpu ?? [])
              .filter((s) => s.id !== init?.curDianpu?.id)
              .map((s) => ({ label: s.name, value: s.id })),
          ]}
        />
        {props.search}
        <Button onClick={() => onChange({ ...lastDays(props.defaultDays ?? 7), shopId: value.shopId })}>重置</Button>
      </Space>
      {props.extra}
    </Space>
  );
}
