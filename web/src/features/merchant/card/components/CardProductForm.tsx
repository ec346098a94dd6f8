import { goodsApi } from '@jz/contracts/api/goods';
import { type CardProductRow, cardProductAddBody } from '@jz/contracts/card';
import { useQuery } from '@tanstack/react-query';
import { Form, Input, InputNumber, Modal, Radio, Select } from 'antd';
import { callContract } from '../../../../lib/contract-client.ts';
import { selectStates } from '../../../../components/select-states.tsx';
import { useSubmitting } from '../../../../lib/use-long-action.ts';
import type { CardProductInput } from '../api/card.ts';

/** Form values: money in yuan (the API takes fen). */
interface Values {
  kind: 'times' | 'value';
  name: string;
  goodsId?: number;
  specId?: number;
  visits?: number;
  priceYuan: number;
  bonusYuan?: number;
  validityDays: number;
  refundFeeType: 'none' | 'percent' | 'fixed';
  refundFeeValue?: number;
  description?: string;
}

const fen = (yuan: number | undefined) => Math.round((yuan ?? 0) * 100);

/** The values sent: yuan → fen; a fixed fee typed in yuan. */
export function toProductInput(v: Values): CardProductInput {
  return {
    kind: v.kind,
    name: v.name,
    goodsId: v.kind === 'times' ? v.goodsId : undefined,
    specId: v.kind === 'times' ? v.specId : undefined,
    visits: v.kind === 'times' ? v.visits : undefined,
    price: fen(v.priceYuan),
    bonus: v.kind === 'value' ? fen(v.bonusYuan) : undefined,
    validityDays: v.validityDays,
    refundFeeType: v.refundFeeType,
    refundFeeValue:
      v.refundFeeType === 'fixed' ? fen(v.refundFeeValue) : v.refundFeeType === 'percent' ? v.refundFeeValue : 0,
    description: v.description ?? null,
  };
}

/** 新增/编辑卡项: 次卡 (goods, optional specification, visits) or 储值卡 (value and bonus), validity, refund terms. */
export function CardProductForm(props: {
  open: boolean;
  initial?: Partial<CardProductRow>;
  onSubmit: (v: CardProductInput) => Promise<unknown>;
  onClose: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const submitting = useSubmitting();
  const init = props.initial ?? {};
  const kind = Form.useWatch('kind', form) ?? init.kind ?? 'times';
  const goodsId = Form.useWatch('goodsId', form);
  const feeType = Form.useWatch('refundFeeType', form);
  const goods = useQuery({
    queryKey: ['merchant', 'card', 'goods-options'],
    queryFn: () => callContract(goodsApi.page, { query: { pageSize: 100 } }, { quiet: true }),
    enabled: props.open,
  });
  const detail = useQuery({
    queryKey: ['merchant', 'card', 'goods-specs', goodsId ?? 0],
    queryFn: () => callContract(goodsApi.detail, { params: { id: goodsId as number } }, { quiet: true }),
    enabled: kind === 'times' && !!goodsId,
  });
  const specs = detail.data?.specs ?? [];
  return (
    <Modal
      title={init.id ? '编辑卡项' : '新增卡项'}
      open={props.open}
      onCancel={props.onClose}
      destroyOnHidden
      width={620}
      confirmLoading={submitting.running}
      onOk={() =>
        submitting.run(async () => {
          const v = await form.validateFields();
          const input = toProductInput(v);
          const checked = cardProductAddBody.safeParse(input);
          if (!checked.success) throw new Error(checked.error.issues[0]?.message ?? '请检查填写内容');
          await props.onSubmit(input);
          props.onClose();
        })
      }
    >
      <Form
        clearOnDestroy
        preserve={false}
        form={form}
        name="cardProduct"
        labelCol={{ span: 5 }}
        initialValues={{
          kind: init.kind ?? 'times',
          name: init.name,
          goodsId: init.goodsId ?? undefined,
          specId: init.specId ?? undefined,
          visits: init.visits ?? 10,
          priceYuan: init.price !== undefined ? init.price / 100 : undefined,
          bonusYuan: init.bonus ? init.bonus / 100 : undefined,
          validityDays: init.validityDays ?? 365,
          refundFeeType: init.refundFeeType ?? 'none',
          refundFeeValue:
            init.refundFeeType === 'fixed' ? (init.refundFeeValue ?? 0) / 100 : (init.refundFeeValue ?? undefined),
          description: init.description ?? undefined,
        }}
      >
        <Form.Item name="kind" label="卡类型">
          <Radio.Group disabled={!!init.id}>
            <Radio value="times">次卡</Radio>
            <Radio value="value">储值卡</Radio>
          </Radio.Group>
        </Form.Item>
        <Form.Item name="name" label="卡项名称" rules={[{ required: true, message: '请输入卡项名称' }]}>
          <Input maxLength={30} placeholder={kind === 'times' ? '日常保洁 10 次卡' : '充 1000 送 100'} />
        </Form.Item>
        {kind === 'times' ? (
          <>
            <Form.Item name="goodsId" label="服务商品" rules={[{ required: true, message: '次卡须选择服务商品' }]}>
              <Select
                showSearch
                optionFilterProp="label"
                options={(goods.data?.records ?? []).map((g) => ({ value: g.id, label: g.name }))}
                onChange={() => form.setFieldValue('specId', undefined)}
                {...selectStates(goods, { placeholder: '当前店铺的商品' })}
              />
            </Form.Item>
            {specs.length > 1 && (
              <Form.Item name="specId" label="限定规格" extra="不选则该商品的任何规格都可用卡">
                <Select allowClear options={specs.map((s) => ({ value: s.id, label: s.name }))} />
              </Form.Item>
            )}
            <Form.Item name="visits" label="次数" rules={[{ required: true, message: '请填写次数' }]}>
              <InputNumber min={1} max={999} precision={0} suffix="次" style={{ width: 160 }} />
            </Form.Item>
          </>
        ) : null}
        <Form.Item
          name="priceYuan"
          label={kind === 'times' ? '售价' : '充值金额'}
          rules={[{ required: true, message: '请输入金额' }]}
        >
          <InputNumber min={0.01} max={100000} precision={2} suffix="元" style={{ width: 200 }} />
        </Form.Item>
        {kind === 'value' && (
          <Form.Item name="bonusYuan" label="赠送金额" extra="赠送部分最后使用，不结算为现金，退卡时不退">
            <InputNumber min={0} max={100000} precision={2} suffix="元" style={{ width: 200 }} />
          </Form.Item>
        )}
        <Form.Item name="validityDays" label="有效期" rules={[{ required: true, message: '请填写有效期' }]}>
          <InputNumber min={1} max={3650} precision={0} prefix="购买后" suffix="天" style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="refundFeeType" label="退卡手续费">
          <Radio.Group>
            <Radio value="none">不收</Radio>
            <Radio value="percent">按比例</Radio>
            <Radio value="fixed">固定金额</Radio>
          </Radio.Group>
        </Form.Item>
        {feeType && feeType !== 'none' && (
          <Form.Item name="refundFeeValue" label={feeType === 'percent' ? '手续费比例' : '手续费金额'}>
            <InputNumber
              min={0}
              max={feeType === 'percent' ? 100 : 100000}
              precision={feeType === 'percent' ? 0 : 2}
              suffix={feeType === 'percent' ? '%' : '元'}
              style={{ width: 200 }}
            />
          </Form.Item>
        )}
        <Form.Item name="description" label="说明">
          <Input.TextArea maxLength={500} rows={2} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
