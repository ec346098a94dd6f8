import { courierAdd } from '@jz/contracts/courier';
import { useQuery } from '@tanstack/react-query';
import { Col, DatePicker, Form, Input, InputNumber, Modal, Row, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useEffect } from 'react';
import { useDict } from '../../../../lib/dict.tsx';
import { zodRule } from '../../../../lib/zod-rule.ts';
import { getSenderDefault, useCourierMutations } from '../api/courier.ts';
import { pickedToIso, pickerNow } from '../../../../lib/zone.ts';

interface Values {
  senderName: string;
  senderPhone: string;
  senderAddress: string;
  receiverName: string;
  receiverPhone: string;
  receiverAddress: string;
  itemName: string;
  weightKg: number;
  company: string;
  pickupAt: Dayjs;
  remark?: string;
}

const f = courierAdd.shape;

/** 快递下单: the sender defaults to the current shop's address; weight in kg on screen, grams in the API. */
export function CourierForm({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const { options } = useDict('courier_company');
  const { add } = useCourierMutations();
  const sender = useQuery({ queryKey: ['merchant', 'courier', 'sender'], queryFn: getSenderDefault, enabled: open });

  useEffect(() => {
    if (open && sender.data)
      form.setFieldsValue({ ...sender.data, pickupAt: pickerNow().add(2, 'hour').startOf('hour'), company: 'SF' });
  }, [open, sender.data, form]);

  const submit = async () => {
    const v = await form.validateFields();
    const { weightKg, pickupAt, ...rest } = v;
    await add.mutateAsync({ ...rest, weightGrams: Math.round(weightKg * 1000), pickupAt: pickedToIso(pickupAt) }).then(
      () => {
        form.resetFields();
        onClose();
      },
      () => undefined,
    );
  };

  return (
    <Modal
      title="快递下单"
      open={open}
      onCancel={onClose}
      onOk={submit}
      okText="提交下单"
      okButtonProps={{ loading: add.isPending }}
      width={760}
      destroyOnHidden
    >
      <Form clearOnDestroy form={form} name="courier-add" layout="vertical" preserve={false}>
        <Row gutter={16}>
          <Col span={8}>
            <Form.Item name="senderName" label="寄件人" rules={[zodRule(f.senderName)]}>
              <Input maxLength={30} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="senderPhone" label="寄件电话" rules={[zodRule(f.senderPhone)]}>
              <Input maxLength={13} />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="senderAddress" label="寄件地址（默认当前店铺地址）" rules={[zodRule(f.senderAddress)]}>
              <Input maxLength={200} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="receiverName" label="收件人" rules={[zodRule(f.receiverName)]}>
              <Input maxLength={30} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="receiverPhone" label="收件电话" rules={[zodRule(f.receiverPhone)]}>
              <Input maxLength={13} />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="receiverAddress" label="收件地址" rules={[zodRule(f.receiverAddress)]}>
              <Input maxLength={200} placeholder="省市区 + 详细地址" />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="itemName" label="物品名称" rules={[zodRule(f.itemName)]}>
              <Input maxLength={50} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="weightKg" label="重量（公斤）" rules={[{ required: true, message: '请输入重量' }]}>
              <InputNumber min={0.001} max={100} step={0.1} precision={3} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="company" label="快递公司" rules={[{ required: true, message: '请选择快递公司' }]}>
              <Select options={options} placeholder="请选择快递公司" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="pickupAt" label="上门取件时间" rules={[{ required: true, message: '请选择上门取件时间' }]}>
              <DatePicker
                showTime={{ format: 'HH:mm', minuteStep: 15 }}
                format="YYYY-MM-DD HH:mm"
                style={{ width: '100%' }}
                disabledDate={(d) => d.isBefore(pickerNow(), 'day') || d.isAfter(pickerNow().add(7, 'day'), 'day')}
              />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="remark" label="备注">
              <Input maxLength={200} />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}
