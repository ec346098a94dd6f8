import {
  DeleteOutlined,
  DownCircleOutlined,
  EditOutlined,
  PlusOutlined,
  UpCircleOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import { goodsImportApi } from '@jz/contracts/api/goods-import';
import type { Goods } from '@jz/contracts/goods';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Image, Space, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { lazyWidget } from '../../../../components/lazy-widget.tsx';
import { useConfirm } from '../../../../components/confirm.ts';
import { DataTable } from '../../../../components/data-table/DataTable.tsx';
import { RowAction } from '../../../../components/RowAction.tsx';
import { StatusSwitch } from '../../../../components/StatusSwitch.tsx';
import { Auth, hasPerm } from '../../../../lib/access.tsx';
import { initPcQuery } from '../../../../lib/queries.ts';
import { getGoodsPage, goodsKeys, useGoodsMutations, useShopServiceCategories } from '../api/goods.ts';
import { PRICE_COLOR, yuan } from './price.ts';
import { useSkippedReport } from '../components/SkippedReport.tsx';
import { fileUrl } from '../../../../components/upload/upload-api.ts';
import { pagePath } from '../../../../lib/page-registry.ts';

// 批量改价's dialog (preview table, schema) loads when first opened, not with the list.
const BulkPriceDialog = lazyWidget(
  () => import('../components/BulkPriceDialog.tsx'),
  (m) => m.BulkPriceDialog,
);

// 批量导入 (Excel, docs/import.md) loads when first opened as well.
const ImportDialog = lazyWidget(
  () => import('../../../../components/import/ImportDialog.tsx'),
  (m) => m.ImportDialog,
);

/** 商品管理: the current shop's goods; search, on/off shelf one by one or in batch, delete, sort. */
export default function GoodsListPage() {
  const navigate = useNavigate();
  const { data: init } = useQuery(initPcQuery);
  const shopCategories = useShopServiceCategories();
  const categories = shopCategories.data ?? [];
  const m = useGoodsMutations();
  const { confirmDelete, confirmWarning } = useConfirm();
  const report = useSkippedReport();
  const cur = init?.allDianpu.find((s) => s.id === init.curDianpu?.id);
  /** The goods 批量改价 is open for, with the selection to clear once it is done. */
  const [pricing, setPricing] = useState<{ ids: number[]; clear: () => void } | null>(null);
  const [importing, setImporting] = useState(false);
  const queryClient = useQueryClient();

  if (!init?.curDianpu)
    return (
      <Alert
        type="info"
        showIcon
        title="请先创建店铺，再添加商品。"
        action={<Button onClick={() => navigate(pagePath('merchant.shop.list'))}>去创建</Button>}
      />
    );

  const del = async (ids: number[], clear?: () => void) => {
    if (!(await confirmDelete(ids.length > 1 ? `确认要删除选中的 ${ids.length} 个商品吗？` : undefined))) return;
    const r = await m.remove.mutateAsync(ids);
    clear?.();
    report('已删除', r);
  };
  const batch = async (ids: number[], shelfState: number, clear: () => void) => {
    if (!(await confirmWarning(`确定${shelfState ? '上架' : '下架'}选中的 ${ids.length} 个商品吗？`))) return;
    const r = await m.batchShelf.mutateAsync({ ids, shelfState });
    clear();
    report(shelfState ? '已上架' : '已下架', r);
  };

  const columns: ColumnsType<Goods> = [
    {
      title: '封面',
      dataIndex: 'coverUrl',
      width: 90,
      render: (u: string) => (
        <Image src={fileUrl(u)} width={64} height={48} style={{ objectFit: 'cover', borderRadius: 4 }} alt="封面" />
      ),
    },
    {
      title: '商品名称',
      dataIndex: 'name',
      render: (n: string, r) => (
        <Space orientation="vertical" size={0}>
          <Typography.Link onClick={() => navigate(pagePath('merchant.goods.detail', { id: r.id }))}>
            {n}
          </Typography.Link>
          <Space size={2} wrap>
            {r.tags.map((t) => (
              <Tag key={t} variant="filled" color="blue">
                {t}
              </Tag>
            ))}
          </Space>
        </Space>
      ),
    },
    { title: '服务类目', dataIndex: 'fuwuName', width: 120 },
    {
      title: '价格',
      dataIndex: 'price',
      width: 150,
      render: (p: number, r) => (
        <Space orientation="vertical" size={0}>
          <Typography.Text strong style={{ color: PRICE_COLOR }}>
            {r.priceLabel}
          </Typography.Text>
          {r.specCount > 1 ? (
            <Typography.Text type="secondary">{r.specCount} 个规格</Typography.Text>
          ) : (
            r.originalPrice > p && (
              <Typography.Text delete type="secondary">
                {yuan(r.originalPrice)}
              </Typography.Text>
            )
          )}
        </Space>
      ),
    },
    {
      title: '时长',
      dataIndex: 'durationMinutes',
      width: 110,
      // Priced per unit, the length is per unit too: 每平方米 5 分钟, as the detail says.
      render: (d: number, r) => {
        const text = d >= 60 && d % 60 === 0 ? `${d / 60} 小时` : `${d} 分钟`;
        return r.perUnit ? `每${r.perUnit} ${text}` : text;
      },
    },
    {
      title: <Tooltip title="已付款且未取消的订单数">销量</Tooltip>,
      dataIndex: 'sales',
      width: 80,
    },
    { title: '排序', dataIndex: 'sort', width: 70 },
    {
      title: '上下架',
      dataIndex: 'shelfState',
      width: 100,
      render: (s: number, r) => (
        <StatusSwitch
          checked={s === 1}
          checkedChildren="上架"
          unCheckedChildren="下架"
          disabled={!hasPerm('merchant:goods:shelf')}
          onChange={(on) => m.shelf.mutateAsync({ id: r.id, shelfState: on ? 1 : 0 })}
        />
      ),
    },
    {
      title: '操作',
      key: 'op',
      width: 160,
      render: (_, r) => (
        <Space>
          <RowAction onClick={() => navigate(pagePath('merchant.goods.detail', { id: r.id }))}>详情</RowAction>
          <Auth perm="merchant:goods:edit">
            <RowAction onClick={() => navigate(pagePath('merchant.goods.add', { id: r.id }))}>编辑</RowAction>
          </Auth>
          <Auth perm="merchant:goods:del">
            <RowAction danger onClick={() => del([r.id])}>
              删除
            </RowAction>
          </Auth>
        </Space>
      ),
    },
  ];

  return (
    <>
      {cur && (cur.auditStatus !== 1 || cur.yingyeState !== 1) && (
        <Alert
          style={{ marginBottom: 16 }}
          type="warning"
          showIcon
          title={
            cur.auditStatus !== 1
              ? '当前店铺尚未通过平台审核，商品上架后顾客也暂时看不到。'
              : '当前店铺休息中，顾客暂时看不到本店商品。'
          }
        />
      )}
      <DataTable<Goods>
        title={`商品管理 · ${init.curDianpu.name}`}
        queryKey={goodsKeys.list}
        fetcher={getGoodsPage}
        columns={columns}
        selectable
        scrollX={1200}
        search={[
          { name: 'name', label: '商品名称' },
          {
            name: 'fuwuId',
            label: '服务类目',
            type: 'select',
            options: categories.map((f) => ({ label: f.name, value: f.id })),
            query: shopCategories,
          },
          { name: 'shelfState', label: '状态', type: 'dict', dict: 'goods_shelf_state' },
          {
            name: 'orderBy',
            label: '排序',
            type: 'select',
            options: [
              { label: '按排序号', value: 'sort' },
              { label: '销量最高', value: 'sales' },
              { label: '价格最高', value: 'price' },
              { label: '最新创建', value: 'createdAt' },
            ],
          },
        ]}
        emptyAction={
          <Auth perm="merchant:goods:add">
            <Button type="primary" onClick={() => navigate(pagePath('merchant.goods.add'))}>
              发布第一件商品
            </Button>
          </Auth>
        }
        toolbar={({ selectedRowKeys, clearSelection }) => {
          const ids = selectedRowKeys as number[];
          return (
            <>
              <Auth perm="merchant:goods:add">
                <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(pagePath('merchant.goods.add'))}>
                  新增商品
                </Button>
              </Auth>
              <Auth perm="merchant:goods:shelf">
                <Button
                  icon={<UpCircleOutlined />}
                  disabled={!ids.length || m.batchShelf.isPending}
                  loading={m.batchShelf.isPending && m.batchShelf.variables?.shelfState === 1}
                  onClick={() => batch(ids, 1, clearSelection)}
                >
                  批量上架
                </Button>
                <Button
                  icon={<DownCircleOutlined />}
                  disabled={!ids.length || m.batchShelf.isPending}
                  loading={m.batchShelf.isPending && m.batchShelf.variables?.shelfState === 0}
                  onClick={() => batch(ids, 0, clearSelection)}
                >
                  批量下架
                </Button>
              </Auth>
              <Auth perm="merchant:goods:edit">
                <Button
                  icon={<EditOutlined />}
                  disabled={!ids.length}
                  onClick={() => setPricing({ ids, clear: clearSelection })}
                >
                  批量改价
                </Button>
              </Auth>
              <Auth perm="merchant:goods:add">
                <Button icon={<UploadOutlined />} onClick={() => setImporting(true)}>
                  批量导入
                </Button>
              </Auth>
              <Auth perm="merchant:goods:del">
                <Button
                  danger
                  icon={<DeleteOutlined />}
                  disabled={!ids.length}
                  loading={m.remove.isPending}
                  onClick={() => del(ids, clearSelection)}
                >
                  批量删除
                </Button>
              </Auth>
              {ids.length > 0 && <span style={{ color: '#666' }}>已选 {ids.length} 项</span>}
            </>
          );
        }}
      />
      {importing && (
        <ImportDialog
          open
          onClose={() => setImporting(false)}
          title="批量导入商品"
          api={goodsImportApi}
          templateName="商品导入模板"
          unit="个商品"
          onImported={() => void queryClient.invalidateQueries({ queryKey: goodsKeys.all })}
        />
      )}
      {pricing && (
        <BulkPriceDialog
          goodsIds={pricing.ids}
          onClose={() => setPricing(null)}
          onDone={() => {
            pricing.clear();
            setPricing(null);
          }}
        />
      )}
    </>
  );
}
