import { validityProblem } from '@jz/contracts/jinjian';
import { DatePicker, Form, Radio } from 'antd';
import dayjs from 'dayjs';
import { toApiDate } from '../../../../lib/format.ts';

export interface ValidityNames {
  type: string;
  begin: string;
  end: string;
}

/** Dates travel as YYYY-MM-DD strings in the form (and the draft); the pickers show them as dayjs values. */
const asDay = {
  getValueProps: (v?: string) => ({ value: v ? dayjs(v) : undefined }),
  normalize: (d?: dayjs.Dayjs | null) => (d ? toApiDate(d) : undefined),
};

/**
 * Validity of a document: 长期有效 or a fixed term (begin/end), checked with the same rule the server applies
 * (begin not in the future; end after begin and not passed).
 */
export function ValidityFields({ label, names }: { label: string; names: ValidityNames }) {
  const rule =
    (which: 'begin' | 'end') =>
    ({ getFieldValue }: { getFieldValue: (n: string) => string | undefined }) => ({
      validator: async () => {
        const p = validityProblem(
          label,
          getFieldValue(names.type),
          getFieldValue(names.begin),
          getFieldValue(names.end),
          names,
        );
        if (p && p.field === names[which]) throw new Error(p.message);
      },
    });
  return (
    <>
      <Form.Item
        label={`${label}有效期`}
        name={names.type}
        rules={[{ required: true, message: `请选择${label}有效期类型` }]}
      >
        <Radio.Group
          options={[
            { value: '0', label: '固定期限' },
            { value: '1', label: '长期有效' },
          ]}
        />
      </Form.Item>
      <Form.Item
        label={`${label}有效期开始`}
        name={names.begin}
        {...asDay}
        dependencies={[names.type]}
        rules={[rule('begin')]}
      >
        <DatePicker style={{ width: 200 }} placeholder="开始日期" />
      </Form.Item>
      <Form.Item noStyle dependencies={[names.type]}>
        {({ getFieldValue }) =>
          getFieldValue(names.type) === '1' ? null : (
            <Form.Item
              label={`${label}有效期结束`}
              name={names.end}
              {...asDay}
              dependencies={[names.type, names.begin]}
              rules={[rule('end')]}
            >
              <DatePicker style={{ width: 200 }} placeholder="结束日期" />
            </Form.Item>
          )
        }
      </Form.Item>
    </>
  );
}
