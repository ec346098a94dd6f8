import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Form, Input, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import { useDict } from '../../lib/dict.tsx';
import { toApiDate } from '../../lib/format.ts';
import type { QueryLike } from '../QueryState.tsx';
import { DeferredSelect } from '../lazy-select/DeferredSelect.tsx';
import { lazyWidget } from '../lazy-widget.tsx';
import { selectStates } from '../select-states.tsx';

// Only the lists with a date filter download the picker, after they paint; its box keeps the form from shifting.
const DateRange = lazyWidget(
  () => import('./DateRange.tsx'),
  (m) => m.DateRange,
  (p: { style?: { width: number } }) => (
    <span style={{ display: 'inline-block', width: p.style?.width, height: 32, verticalAlign: 'middle' }} />
  ),
);

export interface SearchField {
  name: string;
  label: string;
  type?: 'input' | 'select' | 'dict' | 'dateRange';
  dict?: string;
  options?: { label: string; value: string | number }[];
  /** The query the options come from: the select then shows its loading and error (重试) states. */
  query?: QueryLike<unknown>;
  placeholder?: string;
  width?: number;
  /** dateRange: the query parameters it fills (default startDate/endDate); a second range on one form names its own. */
  params?: [from: string, to: string];
}

function DictSelect({
  type,
  ...rest
}: {
  type: string;
  value?: unknown;
  onChange?: (v: unknown) => void;
  placeholder?: string;
  style?: object;
}) {
  const { options, query } = useDict(type);
  // A failed dictionary is not toasted (docs/spec-notes.md#errors: a console warning only): the field itself says so and offers 重试.
  return (
    <DeferredSelect
      allowClear
      options={options}
      {...rest}
      {...selectStates(query, { placeholder: rest.placeholder })}
    />
  );
}

/** Filters above a data table. dateRange fields become startDate/endDate (YYYY-MM-DD), or their own `params`. */
export function SearchForm({
  fields,
  onSearch,
}: {
  fields: SearchField[];
  onSearch: (values: Record<string, unknown>) => void;
}) {
  const [form] = Form.useForm();
  const submit = (v: Record<string, unknown>) => {
    const out: Record<string, unknown> = {};
    for (const f of fields) {
      const val = v[f.name];
      if (f.type === 'dateRange') {
        const r = val as [Dayjs, Dayjs] | undefined;
        const [from, to] = f.params ?? ['startDate', 'endDate'];
        if (r?.[0]) out[from] = toApiDate(r[0]);
        if (r?.[1]) out[to] = toApiDate(r[1]);
      } else if (val !== undefined && val !== null && val !== '')
        out[f.name] = typeof val === 'string' ? val.trim() : val;
    }
    onSearch(out);
  };
  return (
    <Form form={form} name="search" layout="inline" onFinish={submit} style={{ rowGap: 12, marginBottom: 16 }}>
      {fields.map((f) => (
        <Form.Item key={f.name} name={f.name} label={f.label}>
          {f.type === 'dict' ? (
            <DictSelect
              type={f.dict!}
              placeholder={f.placeholder ?? `请选择${f.label}`}
              style={{ width: f.width ?? 160 }}
            />
          ) : f.type === 'select' ? (
            <DeferredSelect
              allowClear
              options={f.options}
              placeholder={f.placeholder ?? `请选择${f.label}`}
              style={{ width: f.width ?? 160 }}
              {...(f.query ? selectStates(f.query, { placeholder: f.placeholder ?? `请选择${f.label}` }) : {})}
            />
          ) : f.type === 'dateRange' ? (
            <DateRange style={{ width: f.width ?? 260 }} />
          ) : (
            <Input
              allowClear
              placeholder={f.placeholder ?? `请输入${f.label}`}
              style={{ width: f.width ?? 180 }}
              maxLength={100}
            />
          )}
        </Form.Item>
      ))}
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
            搜索
          </Button>
          <Button
            icon={<ReloadOutlined />}
            onClick={() => {
              form.resetFields();
              onSearch({});
            }}
          >
            重置
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
