import type { PlanDetail } from '@jz/contracts/plan';
import { MAX_PLAN_HORIZON_DAYS, MAX_PLAN_VISITS, PLAN_PAY_MODES } from '@jz/contracts/constants/plan';
import { Alert, DatePicker, Form, Input, InputNumber, Modal, Radio, Select, Space } from 'antd';
import { useState } from 'react';
import { selectStates } from '../../../../components/select-states.tsx';
import { useSubmitting } from '../../../../lib/use-long-action.ts';
import { useClientSearch } from '../../../../components/client-search.ts';
import { useClient, useClientCards, useGoodsOptions, useGoodsSpecs, useStaffOptions } from '../api/plan.ts';
import { beforeToday, RuleFields, StartTimeField } from './RuleFields.tsx';
import { emptyPlanForm, fromPlan, type PlanFormValues, previewRule } from './plan-form.ts';

interface Props {
  open: boolean;
  /** 编辑: the plan (only its terms change; 改时间 changes the rule). */
  plan?: PlanDetail | null;
  /** 新建 from a client's page: the client chosen already. */
  clientId?: number;
  onClose: () => void;
  onSubmit: (v: PlanFormValues) => Promise<unknown>;
}

/** 新增/编辑周期服务: validates before submitting and scrolls to the first error. */
export function PlanFormModal({ open, plan, clientId, onClose, onSubmit }: Props) {
  const [form] = Form.useForm<PlanFormValues>();
  const submitting = useSubmitting();
  const [keyword, setKeyword] = useState('');
  const editing = !!plan;
  const chosenClient = Form.useWatch('clientId', form);
  const goodsId = Form.useWatch('goodsId', form);
  const endMode = Form.useWatch('endMode', form);
  const payMode = Form.useWatch('payMode', form);
  const values = Form.useWatch([], form) as Partial<PlanFormValues> | undefined;
  const clients = useClientSearch(keyword, open && !editing && !clientId);
  const client = useClient(chosenClient);
  const cards = useClientCards(payMode === 'card' ? chosenClient : undefined);
  const goods = useGoodsOptions(open);
  const specs = useGoodsSpecs(goodsId);
  const staff = useStaffOptions(open);
  const clientOptions = [
    ...(client.data ? [{ value: client.data.id, label: `${client.data.name} ${client.data.phone}` }] : []),
    ...(clients.data?.records ?? [])
      .filter((c) => c.id !== client.data?.id)
      .map((c) => ({ value: c.id, label: `${c.name} ${c.phone}` })),
  ];
  const onSpecs = (specs.data?.specs ?? []).filter((s) => s.status === 1);
  const preview = values ? previewRule(values) : '';

  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return; // the form scrolled to the first error (scrollToFirstError)
    await onSubmit({ ...form.getFieldsValue(true), ...v });
    onClose();
  };

  return (
    <Modal
      title={editing ? '编辑周期服务' : '新增周期服务'}
      open={open}
      width={720}
      destroyOnHidden
      confirmLoading={submitting.running}
      okText="保存"
      onOk={() => submitting.run(submit)}
      onCancel={onClose}
    >
      <Form<PlanFormValues>
        form={form}
        name="planForm"
        layout="vertical"
        clearOnDestroy
        preserve={false}
        scrollToFirstError={{ block: 'center', focus: true }}
        initialValues={plan ? fromPlan(plan) : emptyPlanForm(clientId)}
      >
        <Space.Compact block style={{ gap: 12 }}>
          <Form.Item
            name="clientId"
            label="客户"
            style={{ flex: 1 }}
            rules={[{ required: true, message: '请选择客户' }]}
          >
            <Select
              showSearch
              disabled={editing || !!clientId}
              filterOption={false}
              onSearch={setKeyword}
              onChange={() => form.setFieldsValue({ clientAddressId: undefined, cardId: undefined })}
              options={clientOptions}
              {...selectStates(clients, { placeholder: '输入姓名或手机尾号搜索' })}
            />
          </Form.Item>
          <Form.Item
            name="clientAddressId"
            label="服务地址"
            style={{ flex: 1 }}
            rules={[{ required: true, message: '请选择服务地址' }]}
          >
            <Select
              disabled={editing || !chosenClient}
              options={(client.data?.addresses ?? []).map((a) => ({
                value: a.id,
                label: `${a.label ? `${a.label} ` : ''}${a.detail}`,
              }))}
              {...selectStates(client, { placeholder: chosenClient ? '选择地址' : '先选择客户' })}
            />
          </Form.Item>
        </Space.Compact>
        <Space.Compact block style={{ gap: 12 }}>
          <Form.Item
            name="goodsId"
            label="服务商品"
            style={{ flex: 2 }}
            rules={[{ required: true, message: '请选择服务商品' }]}
          >
            <Select
              disabled={editing}
              showSearch
              optionFilterProp="label"
              onChange={() => form.setFieldsValue({ specId: undefined })}
              options={(goods.data?.records ?? []).map((g) => ({ value: g.id, label: g.name }))}
              {...selectStates(goods, { placeholder: '选择商品' })}
            />
          </Form.Item>
          <Form.Item name="specId" label="规格" style={{ flex: 2 }}>
            <Select
              allowClear
              disabled={editing || onSpecs.length < 2}
              placeholder={onSpecs.length < 2 ? '默认规格' : '选择规格'}
              options={onSpecs.map((s) => ({ value: s.id, label: s.name }))}
            />
          </Form.Item>
          <Form.Item name="quantity" label="数量" style={{ flex: 1 }}>
            <InputNumber min={1} max={99} precision={0} disabled={editing} style={{ width: '100%' }} />
          </Form.Item>
        </Space.Compact>

        {editing ? (
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 16 }}
            title={`规则：${plan?.rule.text}（修改时间或规则请在详情中使用「改时间」，从某天起生效）`}
          />
        ) : (
          <>
            <RuleFields />
            <Space align="start" size={24} wrap>
              <StartTimeField />
              <Form.Item name="startDate" label="开始日期" rules={[{ required: true, message: '请选择开始日期' }]}>
                <DatePicker disabledDate={beforeToday} />
              </Form.Item>
            </Space>
            {preview && <Alert type="success" style={{ marginBottom: 16 }} title={`规则预览：${preview}`} />}
          </>
        )}

        <Space align="start" size={24} wrap>
          <Form.Item name="endMode" label="结束方式">
            <Radio.Group
              options={[
                { value: 'count', label: '按次数' },
                { value: 'date', label: '按日期' },
              ]}
            />
          </Form.Item>
          {endMode === 'date' ? (
            <Form.Item name="endDate" label="结束日期" rules={[{ required: true, message: '请选择结束日期' }]}>
              <DatePicker disabledDate={beforeToday} />
            </Form.Item>
          ) : (
            <Form.Item name="visitCount" label="服务次数" rules={[{ required: true, message: '请填写服务次数' }]}>
              <InputNumber min={1} max={MAX_PLAN_VISITS} precision={0} suffix="次" />
            </Form.Item>
          )}
        </Space>

        <Space.Compact block style={{ gap: 12 }}>
          <Form.Item name="employeeId" label="指定服务人员" style={{ flex: 1 }} extra="空闲时指派；不空闲时按派单建议">
            <Select
              allowClear
              showSearch
              optionFilterProp="label"
              options={(staff.data ?? []).map((e) => ({ value: e.id, label: e.name }))}
              {...selectStates(staff, { placeholder: '不指定' })}
            />
          </Form.Item>
          <Form.Item
            name="horizonDays"
            label="提前排期天数"
            style={{ flex: 1 }}
            rules={[{ required: true, message: '请填写提前排期天数' }]}
          >
            <InputNumber min={1} max={MAX_PLAN_HORIZON_DAYS} precision={0} suffix="天" style={{ width: '100%' }} />
          </Form.Item>
        </Space.Compact>

        <Form.Item name="payMode" label="付款方式">
          <Radio.Group options={Object.entries(PLAN_PAY_MODES).map(([value, label]) => ({ value, label }))} />
        </Form.Item>
        {payMode === 'card' ? (
          <Form.Item name="cardId" label="支付用的卡" rules={[{ required: true, message: '请选择支付用的卡' }]}>
            <Select
              options={(cards.data?.records ?? []).map((c) => ({
                value: c.id,
                label: `${c.name}（${c.cardNo}，${c.kind === 'times' ? `剩余 ${c.remainingVisits} 次` : '储值卡'}）`,
              }))}
              {...selectStates(cards, { placeholder: chosenClient ? '选择该客户的卡' : '先选择客户' })}
            />
          </Form.Item>
        ) : (
          <Alert
            type="info"
            style={{ marginBottom: 16 }}
            title="每次服务的订单创建为「待付款」，客户在用户端支付（付款期限为服务开始前 2 小时）；未付款的订单不占用名额。"
          />
        )}
        <Form.Item name="remark" label="备注" rules={[{ max: 200, message: '备注最多 200 个字' }]}>
          <Input.TextArea rows={2} maxLength={200} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
