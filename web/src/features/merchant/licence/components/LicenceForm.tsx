import { licenceAddBody, type Licence } from '@jz/contracts/licence';
import { DatePicker, Form, Input, Modal, Segmented, Select, Space, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { ImageUpload } from '../../../../components/upload/index.ts';
import { useDict } from '../../../../lib/dict.tsx';
import { zodRule } from '../../../../lib/zod-rule.ts';
import { type LicenceInput, useLicenceMutations } from '../api/licence.ts';

const s = licenceAddBody.shape;
type FormValues = Omit<LicenceInput, 'validFrom' | 'validTo'> & {
  range?: [Dayjs | null, Dayjs | null];
  longTerm?: boolean;
};

/** 新增证照 / 编辑证照: kind, name, number, the image and the validity (or 长期); saving sends it to the platform's audit. */
export function LicenceForm({ row, onClose }: { row: Licence | 'new' | null; onClose: () => void }) {
  const [form] = Form.useForm<FormValues>();
  const { save } = useLicenceMutations();
  const kinds = useDict('licence_kind');
  const editing = row && row !== 'new' ? row : null;
  const longTerm = Form.useWatch('longTerm', form);
  return (
    <Modal
      title={editing ? '编辑证照' : '新增证照'}
      open={!!row}
      onCancel={onClose}
      destroyOnHidden
      confirmLoading={save.isPending}
      width={600}
      onOk={async () => {
        const { range, longTerm: lt, ...v } = await form.validateFields();
        await save
          .mutateAsync({
            ...v,
            id: editing?.id,
            validFrom: range?.[0]?.format('YYYY-MM-DD') ?? '',
            validTo: lt ? '' : (range?.[1]?.format('YYYY-MM-DD') ?? ''),
          })
          .then(onClose)
          .catch(() => undefined);
      }}
    >
      <Typography.Paragraph type="secondary">提交或修改后需平台审核，审核结果会显示在列表中。</Typography.Paragraph>
      <Form
        clearOnDestroy
        form={form}
        name="licenceForm"
        labelCol={{ span: 5 }}
        preserve={false}
        initialValues={
          editing
            ? {
                ...editing,
                name: editing.name ?? undefined,
                longTerm: !editing.validTo,
                range: [
                  editing.validFrom ? dayjs(editing.validFrom) : null,
                  editing.validTo ? dayjs(editing.validTo) : null,
                ],
              }
            : { kind: 'yyzz', longTerm: false }
        }
      >
        <Form.Item name="kind" label="证照类型" rules={[{ required: true, message: '请选择证照类型' }]}>
          <Select options={kinds.options} loading={kinds.loading} aria-label="证照类型" />
        </Form.Item>
        <Form.Item name="name" label="名称/持证人" rules={[zodRule(s.name)]}>
          <Input maxLength={50} placeholder="如：健康证持证人姓名（可选）" />
        </Form.Item>
        <Form.Item
          name="number"
          label="证照编号"
          validateFirst
          rules={[{ required: true, message: '请输入证照编号' }, zodRule(s.number)]}
        >
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item name="imageUrl" label="证照图片" rules={[{ required: true, message: '请上传证照图片' }]}>
          <ImageUpload rootPath="licence" />
        </Form.Item>
        <Form.Item label="有效期" required={!longTerm}>
          <Space wrap>
            <Form.Item
              name="range"
              noStyle
              rules={[
                {
                  validator: (_, v?: [Dayjs | null, Dayjs | null]) =>
                    !v?.[0] || (!longTerm && !v?.[1])
                      ? Promise.reject(new Error(longTerm ? '请选择开始日期' : '请选择有效期'))
                      : Promise.resolve(),
                },
              ]}
            >
              <DatePicker.RangePicker allowEmpty={[false, !!longTerm]} disabled={[false, !!longTerm]} />
            </Form.Item>
            <Form.Item name="longTerm" noStyle>
              <Segmented
                options={[
                  { label: '有截止日', value: false },
                  { label: '长期', value: true },
                ]}
              />
            </Form.Item>
          </Space>
        </Form.Item>
      </Form>
    </Modal>
  );
}
