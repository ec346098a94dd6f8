import type { ShopInfo } from '@jz/contracts/shop';
import { Space, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { CopyText } from '../../../../components/CopyText.tsx';
import { StatusSwitch } from '../../../../components/StatusSwitch.tsx';
import { hasPerm } from '../../../../lib/access.tsx';
import { DictTag } from '../../../../lib/dict.tsx';
import { formatDateTime } from '../../../../lib/format.ts';
import { ShopRating } from './ShopRating.tsx';

/**
 * The address as a list shows it: the city and district names, then the street address (without repeating a district
 * the merchant typed at its start), e.g. "运城市盐湖区河东东街 88 号".
 */
export function shopAddress(regionName: string | null | undefined, address: string | null) {
  const names = (regionName ?? '').split(' / ').filter(Boolean);
  let head = names.slice(names.length > 1 ? 1 : 0).join('');
  const street = address ?? '';
  const district = names.at(-1);
  if (district && street.startsWith(district)) head = names.slice(1, -1).join('');
  return `${head}${street}`;
}

/**
 * Columns shared by 店铺管理 and 分店管理: with the action column they fit 1280 px, so at 1600 px every column shows
 * and the fixed 操作 column covers none; the phone sits under the name, the region before the street.
 */
export function shopColumns(opts: {
  currentId?: number;
  onSetOpen: (s: ShopInfo, open: boolean) => Promise<unknown>;
}): ColumnsType<ShopInfo> {
  return [
    {
      title: '店铺名称 / 电话',
      dataIndex: 'name',
      width: 200,
      render: (n: string, r) => (
        <Space orientation="vertical" size={2}>
          <Space size={4} wrap>
            <Typography.Text strong>{n}</Typography.Text>
            {r.parentId === null ? <Tag color="blue">总店</Tag> : <Tag>分店</Tag>}
            {r.id === opts.currentId && <Tag color="green">当前店铺</Tag>}
          </Space>
          {r.phone && <CopyText text={r.phone} />}
        </Space>
      ),
    },
    {
      title: '地址',
      dataIndex: 'address',
      width: 220,
      render: (a: string | null, r) => {
        const text = shopAddress(r.regionName, a);
        return text ? (
          <Typography.Paragraph ellipsis={{ rows: 2, tooltip: text }} style={{ margin: 0 }}>
            {text}
          </Typography.Paragraph>
        ) : (
          '-'
        );
      },
    },
    { title: '营业时间', dataIndex: 'businessHours', width: 104, render: (h: string | null) => h ?? '-' },
    { title: '商品数', dataIndex: 'goodsCount', width: 72 },
    {
      title: '评分',
      dataIndex: 'rating',
      width: 96,
      render: (v: number | null, r) => <ShopRating rating={v} reviewCount={r.reviewCount} compact />,
    },
    {
      title: '审核状态',
      dataIndex: 'auditStatus',
      width: 96,
      render: (s: number, r) =>
        s === 2 && r.auditRemark ? (
          <Tooltip title={`驳回原因：${r.auditRemark}`}>
            <span>
              <DictTag type="shop_audit_status" value={s} />
            </span>
          </Tooltip>
        ) : (
          <DictTag type="shop_audit_status" value={s} />
        ),
    },
    {
      title: '营业状态',
      dataIndex: 'yingyeState',
      width: 104,
      render: (s: number, r) => (
        <StatusSwitch
          checked={s === 1}
          checkedChildren="营业中"
          unCheckedChildren="休息中"
          disabled={!hasPerm('merchant:shop:state') || (s !== 1 && r.auditStatus !== 1)}
          confirmText={
            s === 1 ? `确定让「${r.name}」休息吗？休息后顾客将看不到本店商品。` : `确定让「${r.name}」开始营业吗？`
          }
          onChange={(open) => opts.onSetOpen(r, open)}
        />
      ),
    },
    {
      title: '创建时间',
      dataIndex: 'createdAt',
      width: 160,
      render: (t: string) => formatDateTime(t),
    },
  ];
}
