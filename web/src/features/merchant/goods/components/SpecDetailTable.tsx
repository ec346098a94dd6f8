import type { GoodsDetail } from '@jz/contracts/goods';
import { areaRangeLabel, SPEC_MODE_NAME, SPEC_STATUS, specPriceLabel } from '@jz/contracts/constants/goods-pricing';
import { Space, Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { PRICE_COLOR, yuan } from '../pages/price.ts';

type Spec = GoodsDetail['specs'][number];

const unlimited = (n: number | null, unit = '') => (n === null ? '不限' : `${n}${unit}`);

/** How much one booking may take: 至少 2 小时, 1–3 次; an area band is one job. */
const quantityText = (s: Spec) => {
  if (s.mode === 'area_band') return '每单 1 次';
  return s.maxQuantity === null ? `至少 ${s.minQuantity} ${s.unit}` : `${s.minQuantity}–${s.maxQuantity} ${s.unit}`;
};

const minutesText = (s: Spec) => {
  if (s.durationMinutes === null) return <Typography.Text type="warning">未填写</Typography.Text>;
  const per = s.mode === 'per_unit' ? `每${s.unit}` : s.mode === 'fixed' ? '每份' : '每单';
  return `${per} ${s.durationMinutes} 分钟`;
};

const columns: ColumnsType<Spec> = [
  { title: '规格名称', dataIndex: 'name', width: 160 },
  { title: '计价方式', dataIndex: 'mode', width: 110, render: (m: Spec['mode']) => SPEC_MODE_NAME[m] },
  {
    title: '价格',
    key: 'price',
    width: 200,
    render: (_, s) => (
      <Space size={4} wrap>
        <Typography.Text strong style={{ color: PRICE_COLOR }}>
          {specPriceLabel(s)}
        </Typography.Text>
        {s.originalPrice !== null && s.originalPrice > s.price && (
          <Typography.Text delete type="secondary">
            {yuan(s.originalPrice)}
          </Typography.Text>
        )}
      </Space>
    ),
  },
  {
    title: '适用面积',
    key: 'area',
    width: 110,
    render: (_, s) => (s.mode === 'area_band' ? areaRangeLabel(s) : '—'),
  },
  { title: '预约数量', key: 'quantity', width: 120, render: (_, s) => quantityText(s) },
  { title: '服务时长', key: 'minutes', width: 140, render: (_, s) => minutesText(s) },
  {
    title: '库存 / 每日可约',
    key: 'stock',
    width: 130,
    render: (_, s) => (
      <span>
        {s.stock === 0 ? <Tag color="red">售罄</Tag> : unlimited(s.stock)} / {unlimited(s.dailyCapacity, ' 单')}
      </span>
    ),
  },
  {
    title: '状态',
    dataIndex: 'status',
    width: 80,
    render: (v: number) => (v === SPEC_STATUS.ON ? <Tag color="green">启用</Tag> : <Tag>停用</Tag>),
  },
  {
    title: <Tooltip title="已付款且未取消的订单数">订单数</Tooltip>,
    dataIndex: 'orderCount',
    width: 90,
  },
];

/** 商品详情's 规格: every specification in the form's order, with its price as customers read it and its orders. */
export function SpecDetailTable({ specs }: { specs: Spec[] }) {
  return (
    <Table<Spec>
      rowKey="id"
      size="small"
      bordered
      pagination={false}
      dataSource={specs}
      columns={columns}
      scroll={{ x: 1140 }}
      locale={{ emptyText: '暂无规格' }}
    />
  );
}
