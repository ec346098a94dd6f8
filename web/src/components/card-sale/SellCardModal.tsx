import { OFFLINE_CHANNELS } from '@jz/contracts/constants/card';
import { Form, Input, Modal, Select } from 'antd';
import { useState } from 'react';
import { formatYuan } from '../../lib/format.ts';
import { useSubmitting } from '../../lib/use-long-action.ts';
import { selectStates } from '../select-states.tsx';
import { productContent } from './product-content.ts';
import { useClientSearch } from '../client-search.ts';
import { useSellableProducts } from './sell-card-api.ts';

export interface SellCardValues {
  productId: number;
  clientId: number;
  payChannel: (typeof OFFLINE_CHANNELS)[number];
  remark?: string;
}

/**
 * 售卡（线下收款）: a product on sale, the client (fixed when opened from a client's page), and how the money was
 * taken; the signed-in user is the payee. Shared by 售卡记录 and 客户详情.
 */
export function SellCardModal(props: {
  open: boolean;
  clientId?: number;
  onClose: () => void;
  onSell: (v: SellCardValues) => Promise<unknown>;
}) {
  const [form] = Form.useForm<SellCardValues>();
  const [keyword, setKeyword] = useState('');
  const submitting = useSubmitting();
  const products = useSellableProducts(props.open);
  const clients = useClientSearch(keyword, props.open && !props.clientId);
  // Nothing on sale: say where cards come from rather than an empty dropdown.
  const noProducts = products.isSuccess && products.data.records.length === 0;
  return (
    <Modal
      title="售卡（线下收款）"
      open={props.open}
      onCancel={props.onClose}
      destroyOnHidden
      okText="确认已收款并售卡"
      confirmLoading={submitting.running}
      onOk={() =>
        submitting.run(async () => {
          await props.onSell(await form.validateFields());
          props.onClose();
        })
      }
    >
      <Form
        form={form}
        clearOnDestroy
        preserve={false}
        labelCol={{ span: 5 }}
        initialValues={{ payChannel: '现金', clientId: props.clientId }}
      >
        <Form.Item
          name="productId"
          label="卡项"
          rules={[{ required: true, message: '请选择卡项' }]}
          extra={noProducts ? '请先在「卡项管理」中新增或上架卡项' : undefined}
        >
          <Select
            options={(products.data?.records ?? []).map((p) => ({
              value: p.id,
              label: `${p.name}（${productContent(p)}，${formatYuan(p.price)}）`,
            }))}
            {...selectStates(products, { placeholder: noProducts ? '暂无在售的卡项' : '在售的卡项' })}
          />
        </Form.Item>
        {!props.clientId && (
          <Form.Item name="clientId" label="客户" rules={[{ required: true, message: '请选择客户' }]}>
            <Select
              showSearch
              filterOption={false}
              onSearch={setKeyword}
              options={(clients.data?.records ?? []).map((c) => ({ value: c.id, label: `${c.name} ${c.phone}` }))}
              {...selectStates(clients, { placeholder: '输入姓名或手机尾号搜索' })}
            />
          </Form.Item>
        )}
        <Form.Item name="payChannel" label="收款方式" rules={[{ required: true, message: '请选择收款方式' }]}>
          <Select options={OFFLINE_CHANNELS.map((c) => ({ value: c, label: c }))} />
        </Form.Item>
        <Form.Item name="remark" label="备注">
          <Input maxLength={200} placeholder="如：转账流水号" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
