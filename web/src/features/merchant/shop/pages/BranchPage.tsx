import { PlusOutlined } from '@ant-design/icons';
import type { ShopInfo } from '@jz/contracts/shop';
import { MAX_BRANCHES } from '@jz/contracts/shop';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Space } from 'antd';
import { useState } from 'react';
import { EmptyAction } from '../../../../components/EmptyAction.tsx';
import { DataTable } from '../../../../components/data-table/DataTable.tsx';
import { RowAction } from '../../../../components/RowAction.tsx';
import { Auth } from '../../../../lib/access.tsx';
import { initPcQuery } from '../../../../lib/queries.ts';
import { getShopPage, shopKeys, useShopDetail, useShopMutations } from '../api/shop.ts';
import { shopColumns } from '../components/ShopColumns.tsx';
import { lazyWidget } from '../../../../components/lazy-widget.tsx';

// The form downloads when the dialog first opens, not with the list.
const ShopFormModal = lazyWidget(
  () => import('../components/ShopFormModal.tsx'),
  (m) => m.ShopFormModal,
);

/** 分店管理: the branch shops of the main shop: list, add (when isAddFendian), edit, business state. */
export default function BranchPage() {
  const { data: init } = useQuery(initPcQuery);
  const m = useShopMutations();
  const [editing, setEditingState] = useState<number | 'new' | null>(null);
  const [formUsed, setFormUsed] = useState(false);
  const setEditing = (v: number | 'new' | null) => {
    if (v !== null) setFormUsed(true);
    setEditingState(v);
  };
  const detail = useShopDetail(typeof editing === 'number' ? editing : undefined);
  const main = init?.allDianpu.find((s) => s.parentId === null);
  const branches = (init?.allDianpu.length ?? 1) - 1;

  if (!main) return <Alert type="info" showIcon title="请先在「店铺管理」中创建总店，总店审核通过后即可开设分店。" />;

  const columns = [
    ...shopColumns({
      currentId: init?.curDianpu?.id,
      onSetOpen: (s, open) => m.setOpen.mutateAsync({ id: s.id, yingyeState: open ? 1 : 0 }),
    }),
    {
      title: '操作',
      key: 'op',
      width: 160,
      render: (_: unknown, r: ShopInfo) => (
        <Space>
          <Auth perm="merchant:shop:edit">
            <RowAction onClick={() => setEditing(r.id)}>编辑</RowAction>
          </Auth>
          <RowAction disabled={r.id === init?.curDianpu?.id} onClick={() => m.switchTo.mutateAsync(r.id)}>
            切换到此店
          </RowAction>
        </Space>
      ),
    },
  ];

  return (
    <>
      <DataTable<ShopInfo>
        title={`分店管理 · ${main.name}`}
        queryKey={[...shopKeys.list, 'branches']}
        emptyAction={
          init?.isAddFendian && (
            <EmptyAction perm="merchant:shop:add" onClick={() => setEditing('new')}>
              添加第一家分店
            </EmptyAction>
          )
        }
        fetcher={getShopPage}
        params={{ parentId: main.id }}
        columns={columns}
        // The columns fit 1280 px: a 1600 px screen shows them all, the fixed 操作 column covering none.
        scrollX={1280}
        search={[
          { name: 'name', label: '分店名称' },
          { name: 'auditStatus', label: '审核状态', type: 'dict', dict: 'shop_audit_status' },
          { name: 'yingyeState', label: '营业状态', type: 'dict', dict: 'shop_yingye_state' },
        ]}
        toolbar={() => (
          <>
            <Auth perm="merchant:shop:add">
              <Button
                type="primary"
                icon={<PlusOutlined />}
                disabled={!init?.isAddFendian}
                onClick={() => setEditing('new')}
              >
                新增分店
              </Button>
            </Auth>
            <span style={{ color: '#666' }}>
              {init?.isAddFendian
                ? `已开设 ${branches} 家分店，最多 ${MAX_BRANCHES} 家；新分店需平台审核`
                : main.auditStatus !== 1
                  ? '总店审核通过后可开设分店'
                  : `分店已达上限 ${MAX_BRANCHES} 家`}
            </span>
          </>
        )}
      />
      {formUsed ? (
        <ShopFormModal
          open={editing === 'new' || (typeof editing === 'number' && !!detail.data)}
          title={editing === 'new' ? '新增分店' : '编辑分店'}
          initial={editing === 'new' ? null : detail.data}
          onClose={() => setEditing(null)}
          onSubmit={(v) =>
            editing === 'new' ? m.add.mutateAsync(v) : m.edit.mutateAsync({ ...v, id: editing as number })
          }
        />
      ) : null}
    </>
  );
}
