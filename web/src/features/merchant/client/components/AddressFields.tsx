import { Col, Form, Input, InputNumber, Row, Select } from 'antd';
import { AddressPointField } from './AddressPoint.tsx';

/**
 * The fields of one address (详细地址, the job notes: 面积, 户型, floor and lift, pets, 门禁/钥匙, and the map point),
 * under `prefix`.
 */
export function AddressFields({ prefix = [] as (string | number)[], optional = false }) {
  const n = (k: string) => [...prefix, k];
  return (
    <>
      <Form.Item
        label="详细地址"
        name={n('detail')}
        rules={[{ required: !optional, min: 2, message: '请输入详细地址' }]}
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
