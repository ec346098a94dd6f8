import type { CardProductRow } from '@jz/contracts/card';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { CardKindTag } from '../../../../components/card-sale/CardKindTag.tsx';
import { productContent } from '../../../../components/card-sale/product-content.ts';
import { CrudRowActions } from '../../../../components/data-table/CrudRowActions.tsx';
import { CrudToolbar } from '../../../../components/data-table/CrudToolbar.tsx';
import { DataTable } from '../../../../components/data-table/DataTable.tsx';
import { useCrudDelete } from '../../../../components/data-table/useCrudDelete.ts';
import { EmptyAction } from '../../../../components/EmptyAction.tsx';
import { StatusSwitch } from '../../../../components/StatusSwitch.tsx';
import { hasPerm } from '../../../../lib/access.tsx';
import { formatYuan } from '../../../../lib/format.ts';
import { cardKeys, getCardProducts, useCardMutations } from '../api/card.ts';
import { CardProductForm } from '../components/lazy-dialogs.ts';

export function refundTerms(p: Pick<CardProductRow, 'refundFeeType' | 'refundFeeValue'>) {
  if (p.refundFeeType === 'percent') return `退未用部分，扣 ${p.refundFeeValue}%`;
  if (p.refundFeeType === 'fixed') return `退未用部分，扣 ${formatYuan(p.refundFeeValue)}`;
  return '退未用部分，不扣手续费';
}

/** 卡项管理: the 次卡 and 储值卡 the merchant sells (sold cards keep the terms they were sold with). */
export default function CardProductPage() {
  const { add, edit, setOnSale, remove } = useCardMutations();
  const [editing, setEditing] = useState<Partial<CardProductRow> | null>(null);
  const del = useCrudDelete(remove.mutateAsync, (n) => `确认要删除选中的 ${n} 个卡项吗？已售出的卡不受影响。`);
  const columns: ColumnsType<CardProductRow> = [
    { title: '卡项名称', dataIndex: 'name', width: 180 },
    {
      title: '类型',
      dataIndex: 'kind',
      width: 80,
      render: (k: CardProductRow['kind']) => <CardKindTag kind={k} />,
    },
    { title: '内容', key: 'content', render: (_, r) => productContent(r) },
    { title: '售价（元）', dataIndex: 'price', width: 100, align: 'right', render: (v: number) => formatYuan(v) },
    { title: '有效期', dataIndex: 'validityDays', width: 100, render: (v: number) => `购买后 ${v} 天` },
    { title: '退卡条款', key: 'terms', width: 180, render: (_, r) => refundTerms(r) },
    { title: '门店', dataIndex: 'shopName', width: 140 },
    { title: '已售', dataIndex: 'soldCount', width: 70, align: 'right' },
    {
      title: '在售',
      dataIndex: 'onSale',
      width: 80,
      render: (v: number, r) => (
        <StatusSwitch
          checked={v === 1}
          disabled={!hasPerm('merchant:card:edit')}
          onChange={(on) => setOnSale.mutateAsync({ id: r.id, onSale: on ? 1 : 0 })}
        />
      ),
    },
    {
      title: '操作',
      key: 'op',
      width: 120,
      render: (_, r) => (
        <CrudRowActions
          size={4}
          edit={{ perm: 'merchant:card:edit', onClick: () => setEditing(r) }}
          del={{ perm: 'merchant:card:del', onClick: () => del([r.id]) }}
        />
      ),
    },
  ];
  return (
    <>
      <DataTable<CardProductRow>
        title="卡项管理"
        queryKey={cardKeys.products}
        fetcher={getCardProducts}
        columns={columns}
        selectable
        emptyAction={
          <EmptyAction perm="merchant:card:add" onClick={() => setEditing({})}>
            新增第一个卡项
          </EmptyAction>
        }
        search={[
          { name: 'name', label: '卡项名称' },
          {
            name: 'kind',
            label: '类型',
            type: 'select',
            options: [
              { label: '次卡', value: 'times' },
              { label: '储值卡', value: 'value' },
            ],
          },
          {
            name: 'onSale',
            label: '在售',
            type: 'select',
            options: [
              { label: '在售', value: 1 },
              { label: '停售', value: 0 },
            ],
          },
        ]}
        toolbar={(ctx) => (
          <CrudToolbar
            {...ctx}
            add={{ perm: 'merchant:card:add', onClick: () => setEditing({}) }}
            del={{ perm: 'merchant:card:del', onDelete: del }}
          />
        )}
      />
      <CardProductForm
        open={editing !== null}
        initial={editing ?? undefined}
        onClose={() => setEditing(null)}
        onSubmit={(v) => (editing?.id ? edit.mutateAsync({ ...v, id: editing.id }) : add.mutateAsync(v))}
      />
    </>
  );
}
