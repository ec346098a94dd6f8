import { Col, Form, Input, InputNumber, Row, Select } from 'antd';
import { AddressPointField } from './AddressPoint.tsx';

/** The address fields besides 详细地址 (the map point included). */
const DETAILS = ['label', 'areaM2', 'layout', 'floor', 'hasLift', 'pets', 'accessNotes', 'lat', 'lng'];
const filled = (v: unknown) => v !== undefined && v !== null && !(typeof v === 'string' && !v.trim());

/**
 * The fields of one address (详细地址, the job notes: 面积, 户型, floor and lift, pets, 门禁/钥匙, and the map point),
 * under `prefix`. `optional` (新增客户's first address): may stay empty, but not with only its notes filled.
 */
export function AddressFields({ prefix = [] as (string | number)[], optional = false }) {
  const n = (k: string) => [...prefix, k];
  return (
    <>
      <Form.Item
        label="详细地址"
        name={n('detail')}
        dependencies={optional ? DETAILS.map(n) : undefined}
        rules={[
          { required: !optional, min: 2, message: '请输入详细地址' },
          // An optional address (新增客户's first one) with its notes filled but no 详细地址 would be dropped unsaved.
          ({ getFieldValue }) => ({
            validator: async (_, v: unknown) => {
              if (!optional || (typeof v === 'string' && v.trim())) return;
              if (DETAILS.some((k) => filled(getFieldValue(n(k))))) throw new Error('填写了地址信息，请输入详细地址');
            },
          }),
        ]}
      >
        <Input maxLength={100} placeholder="小区、楼栋、门牌号" />
      </Form.Item>
      <Row gutter={12}>
        <Col span={8}>
          <Form.Item label="地址名称" name={n('label')}>
            <Input maxLength={10} placeholder="家、公司" />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item label="面积（㎡）" name={n('areaM2')}>
            <InputNumber min={1} max={10000} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item label="户型" name={n('layout')}>
            <Input maxLength={20} placeholder="三室两厅" />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={12}>
        <Col span={8}>
          <Form.Item label="楼层" name={n('floor')}>
            <InputNumber min={-5} max={200} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item label="电梯" name={n('hasLift')}>
            <Select
              allowClear
              options={[
                { label: '有电梯', value: 1 },
                { label: '无电梯', value: 0 },
              ]}
            />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item label="宠物" name={n('pets')}>
            <Input maxLength={50} placeholder="一只猫" />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item label="门禁/钥匙" name={n('accessNotes')}>
        <Input maxLength={200} placeholder="门禁密码、钥匙放在哪里" />
      </Form.Item>
      <AddressPointField prefix={prefix} />
    </>
  );
}
