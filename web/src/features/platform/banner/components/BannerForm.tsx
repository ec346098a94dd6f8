import { type Banner, bannerAddBody } from '@jz/contracts/banner';
import { DatePicker, Form, Input, InputNumber, Modal, Radio, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { ImageUpload } from '../../../../components/upload/index.ts';
import { useDict } from '../../../../lib/dict.tsx';
import { zodRule } from '../../../../lib/zod-rule.ts';
import type { BannerInput } from '../api/banner.ts';
import { useSubmitting } from '../../../../lib/use-long-action.ts';
import { pickedToIso, toPickerValue } from '../../../../lib/zone.ts';

const s = bannerAddBody.shape;

interface Values extends Omit<BannerInput, 'startAt' | 'endAt'> {
  window?: [Dayjs | null, Dayjs | null];
}

/** Add/edit a banner: image (upload), title, link, position, sort, status and the publish window. */
export function BannerForm(props: {
  open: boolean;
  initial?: Partial<Banner>;
  onSubmit: (v: BannerInput) => Promise<unknown>;
  onClose: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const positions = useDict('banner_position');
  const init = props.initial ?? {};
  const submitting = useSubmitting();
  return (
    <Modal
      title={init.id ? '编辑轮播图' : '新增轮播图'}
      open={props.open}
      onCancel={props.onClose}
      destroyOnHidden
      width={640}
      confirmLoading={submitting.running}
      onOk={() =>
        submitting.run(async () => {
          const { window, ...v } = await form.validateFields();
          await props.onSubmit({
            ...v,
            linkUrl: v.linkUrl || null,
            startAt: window?.[0] ? pickedToIso(window[0]) : null,
            endAt: window?.[1] ? pickedToIso(window[1]) : null,
          });
          props.onClose();
        })
      }
    >
      <Form
        clearOnDestroy
        form={form}
        name="banner"
        labelCol={{ span: 4 }}
        preserve={false}
        initialValues={{
          status: 0,
          sort: 0,
          position: 'weapp_home',
          ...init,
          window: [toPickerValue(init.startAt), toPickerValue(init.endAt)],
        }}
      >
        <Form.Item name="imageUrl" label="图片" rules={[{ required: true, message: '请上传图片' }]}>
          <ImageUpload rootPath="banner" label="上传图片" />
        </Form.Item>
        <Form.Item
          name="title"
          label="标题"
          validateFirst
          rules={[{ required: true, message: '请输入标题' }, zodRule(s.title)]}
        >
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item
          name="linkUrl"
          label="跳转链接"
          rules={[zodRule(s.linkUrl)]}
          extra="小程序页面路径（/ 开头）或 https 链接，可不填"
        >
          <Input maxLength={500} placeholder="/pages/fuwu/index?id=1" />
        </Form.Item>
        <Form.Item name="position" label="展示位置" rules={[{ required: true, message: '请选择展示位置' }]}>
          <Select options={positions.options} loading={positions.loading} style={{ width: 220 }} />
        </Form.Item>
        <Form.Item
          name="window"
          label="展示时间"
          extra="不填为长期展示"
          rules={[
            {
              validator: async (_r, v?: [Dayjs | null, Dayjs | null]) => {
                if (v?.[0] && v?.[1] && !v[1].isAfter(v[0])) throw new Error('结束时间须晚于开始时间');
              },
            },
          ]}
        >
          <DatePicker.RangePicker showTime allowEmpty={[true, true]} format="YYYY-MM-DD HH:mm" />
        </Form.Item>
        <Form.Item name="sort" label="排序" extra="数字越小越靠前">
          <InputNumber min={0} max={9999} precision={0} />
        </Form.Item>
        <Form.Item name="status" label="状态">
          <Radio.Group
            options={[
              { label: '正常', value: 0 },
              { label: '停用', value: 1 },
            ]}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
