import type { PriceChangePreview } from '@jz/contracts/goods';
import { yuanToFen } from '@jz/contracts/constants/goods';
import { type PriceAdjustment, priceAdjustment } from '@jz/contracts/goods-pricing';
import { SPEC_STATUS } from '@jz/contracts/constants/goods-pricing';
import { Alert, Button, Form, InputNumber, Modal, Radio, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { ApiError } from '../../../../lib/api-client.ts';
import { useGoodsMutations } from '../api/goods.ts';
import { PRICE_COLOR, yuan } from '../pages/price.ts';
import { useAppApi } from '../../../../lib/app-api.ts';

interface Values {
  mode: PriceAdjustment['mode'];
  /** Yuan (amount, ±) or percent (±), as typed. */
  value?: number | null;
  scope: 'all' | 'ticked';
}

type Line = PriceChangePreview['items'][number]['specs'][number] & {
  goodsId: number;
  goodsName: string;
  /** How many lines the goods item has, on its first line (the goods cell spans them); 0 on the others. */
  span: number;
};

/** The change the API takes: an amount in fen, a percent as typed. */
const changeOf = (v: Pick<Values, 'mode' | 'value'>) => ({
  mode: v.mode,
  value: v.mode === 'amount' ? yuanToFen(v.value ?? 0) : (v.value ?? 0),
});

const linesOf = (p: PriceChangePreview): Line[] =>
  p.items.flatMap((g) =>
    g.specs.map((s, i) => ({ ...s, goodsId: g.goodsId, goodsName: g.goodsName, span: i ? 0 : g.specs.length })),
  );

const columns: ColumnsType<Line> = [
  { title: '商品', dataIndex: 'goodsName', width: 180, onCell: (l) => ({ rowSpan: l.span }) },
  {
    title: '规格',
    dataIndex: 'name',
    width: 150,
    render: (n: string, l) => (
      <Space size={4}>
        {n}
        {l.status !== SPEC_STATUS.ON && <Tag>停用</Tag>}
      </Space>
    ),
  },
  { title: '原价格', dataIndex: 'oldPrice', width: 110, render: (f: number) => yuan(f) },
  {
    title: '新价格',
    key: 'new',
    render: (_, l) =>
      l.refusal ? (
        <Typography.Text type="danger">{l.refusal}</Typography.Text>
      ) : (
        <Typography.Text strong style={{ color: PRICE_COLOR }}>
          {yuan(l.newPrice)}
        </Typography.Text>
      ),
  },
];

/**
 * 批量改价 (docs/goods-specifications.md §6): a change by amount or percent for every specification of the selected
 * goods or the ticked ones → the server's preview (old → new, refusals in place) → confirm with what the preview
 * showed. A preview gone stale (someone changed a price meanwhile, 2004) is shown again at once.
 */
export function BulkPriceDialog({
  goodsIds,
  onClose,
  onDone,
}: {
  goodsIds: number[];
  onClose: () => void;
  onDone: () => void;
}) {
  const { message } = useAppApi();
  const [form] = Form.useForm<Values>();
  const m = useGoodsMutations();
  const [preview, setPreview] = useState<{ data: PriceChangePreview; change: PriceAdjustment } | null>(null);
  const [ticked, setTicked] = useState<number[]>([]);
  const mode = Form.useWatch('mode', form) ?? 'amount';
  const scope = Form.useWatch('scope', form) ?? 'all';

  const runPreview = async (change: PriceAdjustment) => {
    try {
      const data = await m.pricePreview.mutateAsync({ goodsIds, change });
      setPreview({ data, change });
      setTicked((t) => {
        const ids = linesOf(data).map((l) => l.specId);
        const kept = t.filter((id) => ids.includes(id));
        return kept.length ? kept : ids;
      });
    } catch (e) {
      if (!(e instanceof ApiError)) throw e; // the client showed the refusal
    }
  };
  const onPreview = async () => {
    const v = await form.validateFields().catch(() => null);
    if (v) await runPreview(changeOf(v));
  };

  const lines = preview ? linesOf(preview.data) : [];
  const included = scope === 'ticked' ? lines.filter((l) => ticked.includes(l.specId)) : lines;
  const refused = included.filter((l) => l.refusal).length;

  const confirm = async () => {
    if (!preview) return;
    try {
      const r = await m.priceConfirm.mutateAsync({
        goodsIds,
        specIds: scope === 'ticked' ? included.map((l) => l.specId) : undefined,
        change: preview.change,
        seen: included.map((l) => ({ specId: l.specId, updatedAt: l.updatedAt })),
      });
      message.success(`已调整 ${r.changed} 个规格的价格`);
      onDone();
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      // 2004: a price changed since the preview (the client showed why): show the prices as they are now.
      if (e.code === 2004) await runPreview(preview.change);
    }
  };

  return (
    <Modal
      open
      title={`批量改价（已选 ${goodsIds.length} 个商品）`}
      width={880}
      onCancel={onClose}
      mask={{ closable: false }}
      footer={
        <Space>
          <Button onClick={onClose}>取 消</Button>
          <Button loading={m.pricePreview.isPending} onClick={onPreview}>
            预 览
          </Button>
          <Button
            type="primary"
            disabled={!preview || !included.length || refused > 0 || m.pricePreview.isPending}
            loading={m.priceConfirm.isPending}
            onClick={confirm}
          >
            确认改价
          </Button>
        </Space>
      }
    >
      <Form<Values>
        form={form}
        name="bulkPrice"
        layout="inline"
        initialValues={{ mode: 'amount', scope: 'all' }}
        onValuesChange={(changed: Partial<Values>) => {
          // Another change makes the preview wrong: it must be previewed again before confirming.
          if ('mode' in changed || 'value' in changed) setPreview(null);
        }}
        style={{ rowGap: 12, marginBottom: 16 }}
      >
        <Form.Item name="mode" label="调整方式">
          <Radio.Group
            optionType="button"
            options={[
              { label: '按金额', value: 'amount' },
              { label: '按比例', value: 'percent' },
            ]}
            onChange={() => form.setFieldValue('value', null)}
          />
        </Form.Item>
        <Form.Item
          name="value"
          label="调整幅度"
          rules={[
            {
              validator: async (_r, v: number | null | undefined) => {
                if (v === null || v === undefined) throw new Error('请输入调整幅度');
                const r = priceAdjustment.safeParse(changeOf({ mode: form.getFieldValue('mode'), value: v }));
                if (!r.success) throw new Error(r.error.issues[0]?.message ?? '调整幅度无效');
              },
            },
          ]}
        >
          <InputNumber
            aria-label="调整幅度"
            precision={2}
            step={1}
            style={{ width: 220 }}
            placeholder="正数涨价，负数降价"
            {...(mode === 'amount' ? { prefix: '¥', suffix: '元' } : { suffix: '%' })}
          />
        </Form.Item>
        <Form.Item name="scope" label="调整范围">
          <Radio.Group
            options={[
              { label: '全部规格', value: 'all' },
              { label: '仅勾选的规格', value: 'ticked' },
            ]}
          />
        </Form.Item>
      </Form>
      {!preview ? (
        <Alert type="info" showIcon title="填写调整幅度后点击「预览」，确认每个规格的新价格后再改价。" />
      ) : (
        <Space orientation="vertical" size={8} style={{ width: '100%' }}>
          {refused > 0 ? (
            <Alert
              type="error"
              showIcon
              title={`有 ${refused} 个规格无法按此调整（见下表红字），请修改调整幅度${scope === 'ticked' ? '或取消勾选这些规格' : ''}后重新预览。`}
            />
          ) : (
            <Alert type="success" showIcon title={`将调整 ${included.length} 个规格的价格。`} />
          )}
          <Table<Line>
            rowKey="specId"
            size="small"
            bordered
            pagination={false}
            scroll={{ y: 360 }}
            dataSource={lines}
            columns={columns}
            rowSelection={
              scope === 'ticked'
                ? { selectedRowKeys: ticked, onChange: (keys) => setTicked(keys as number[]) }
                : undefined
            }
          />
        </Space>
      )}
    </Modal>
  );
}
