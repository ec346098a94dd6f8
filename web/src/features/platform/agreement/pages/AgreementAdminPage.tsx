import type { Agreement } from '@jz/contracts/agreement';
import { Space, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useConfirm } from '../../../../components/confirm.ts';
import { CrudRowActions } from '../../../../components/data-table/CrudRowActions.tsx';
import { CrudToolbar } from '../../../../components/data-table/CrudToolbar.tsx';
import { EmptyAction } from '../../../../components/EmptyAction.tsx';
import { DataTable } from '../../../../components/data-table/DataTable.tsx';
import { useCrudDelete } from '../../../../components/data-table/useCrudDelete.ts';
import { RowAction } from '../../../../components/RowAction.tsx';
import { Auth } from '../../../../lib/access.tsx';
import { DictTag } from '../../../../lib/dict.tsx';
import { adminAgreementKeys, getAgreementPage, useAgreementMutations } from '../api/agreement.ts';
import { AgreementForm, PublishDialog, SignaturesDrawer, VersionsDrawer } from '../components/lazy-dialogs.ts';
import { formatDateTime } from '../../../../lib/format.ts';

/** 协议管理 (platform toolkit): drafts, versions, publish / withdraw, and who signed. */
export default function AgreementAdminPage() {
  const { add, edit, withdraw, remove } = useAgreementMutations();
  const { confirmWarning } = useConfirm();
  const [editing, setEditing] = useState<Partial<Agreement> | null>(null);
  const [publishing, setPublishing] = useState<Agreement | null>(null);
  const [versionsOf, setVersionsOf] = useState<number | null>(null);
  const [signaturesOf, setSignaturesOf] = useState<Agreement | null>(null);

  const doWithdraw = async (a: Agreement) => {
    if (!(await confirmWarning(`确定撤回《${a.title}》吗？撤回后商家将不再看到该协议，已有签署记录保留。`))) return;
    await withdraw.mutateAsync(a.id);
  };
  const del = useCrudDelete(remove.mutateAsync);

  const columns: ColumnsType<Agreement> = [
    { title: '编号', dataIndex: 'id', width: 70 },
    {
      title: '协议名称',
      dataIndex: 'title',
      render: (t: string, r) => (
        <Space>
          {t}
          {r.mustSign === 1 && <Tag color="red">必签</Tag>}
        </Space>
      ),
    },
    {
      title: '类型',
      dataIndex: 'type',
      width: 110,
      render: (v: string) => <DictTag type="agreement_type" value={v} />,
    },
    {
      title: '当前版本',
      dataIndex: 'currentVersion',
      width: 100,
      render: (v: number) => (v ? `第 ${v} 版` : '未发布'),
    },
    {
      title: '状态',
      dataIndex: 'status',
      width: 90,
      render: (v: number) => <DictTag type="agreement_status" value={v} />,
    },
    {
      title: '已签商家',
      dataIndex: 'signedCount',
      width: 100,
      render: (n: number, r) =>
        r.currentVersion ? <RowAction onClick={() => setSignaturesOf(r)}>{`${n} 家`}</RowAction> : '-',
    },
    {
      title: '发布时间',
      dataIndex: 'publishedAt',
      width: 170,
      render: (t: string | null) => formatDateTime(t),
    },
    {
      title: '操作',
      key: 'op',
      width: 300,
      render: (_, r) => (
        <CrudRowActions
          size={4}
          wrap
          edit={{ perm: 'platform:agreement:edit', onClick: () => setEditing(r) }}
          del={{ perm: 'platform:agreement:del', onClick: () => del([r.id]) }}
        >
          <Auth perm="platform:agreement:publish">
            <RowAction onClick={() => setPublishing(r)}>发布</RowAction>
          </Auth>
          {r.status === 1 && (
            <Auth perm="platform:agreement:publish">
              <RowAction onClick={() => doWithdraw(r)}>撤回</RowAction>
            </Auth>
          )}
          <RowAction disabled={!r.currentVersion} onClick={() => setVersionsOf(r.id)}>
            版本
          </RowAction>
        </CrudRowActions>
      ),
    },
  ];

  return (
    <>
      <DataTable<Agreement>
        title="协议管理"
        queryKey={adminAgreementKeys.list}
        emptyAction={
          <EmptyAction perm="platform:agreement:add" onClick={() => setEditing({})}>
            创建第一份协议
          </EmptyAction>
        }
        fetcher={getAgreementPage}
        columns={columns}
        search={[
          { name: 'title', label: '协议名称' },
          { name: 'type', label: '协议类型', type: 'dict', dict: 'agreement_type' },
          { name: 'status', label: '状态', type: 'dict', dict: 'agreement_status' },
        ]}
        toolbar={(ctx) => (
          <CrudToolbar {...ctx} add={{ perm: 'platform:agreement:add', onClick: () => setEditing({}) }} />
        )}
      />
      <AgreementForm
        open={editing !== null}
        initial={editing ? { ...editing, type: editing.type, content: editing.content } : undefined}
        onClose={() => setEditing(null)}
        onSubmit={(v) => (editing?.id ? edit.mutateAsync({ ...v, id: editing.id }) : add.mutateAsync(v))}
      />
      <PublishDialog agreement={publishing} onClose={() => setPublishing(null)} />
      <VersionsDrawer id={versionsOf} onClose={() => setVersionsOf(null)} />
      <SignaturesDrawer agreement={signaturesOf} onClose={() => setSignaturesOf(null)} />
    </>
  );
}
