import type { Licence } from '@jz/contracts/licence';
import { Button, Image, Segmented, Space, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useConfirm } from '../../../../components/confirm.ts';
import { CopyText } from '../../../../components/CopyText.tsx';
import { EmptyAction } from '../../../../components/EmptyAction.tsx';
import { DataTable } from '../../../../components/data-table/DataTable.tsx';
import { lazyDialog } from '../../../../components/lazy-dialog.tsx';
import { fileUrl } from '../../../../components/upload/upload-api.ts';
import { Auth } from '../../../../lib/access.tsx';
import { DictTag } from '../../../../lib/dict.tsx';
import { getLicencePage, licenceKeys, useLicenceMutations } from '../api/licence.ts';
import { ExpiryTag } from '../../../../components/licence/ExpiryTag.tsx';

// The licence form (image upload, date range, the contract's schema) loads when 新增 or 编辑 is first clicked.
const LicenceForm = lazyDialog(
  () => import('../components/LicenceForm.tsx'),
  (m) => m.LicenceForm,
  (p) => p.row != null,
);

/** 我的证照 (/wodezhengzhao): licences with validity and audit state; expiring (30 days) and expired rows stand out. */
export default function LicencePage() {
  const [sp, setSp] = useSearchParams();
  const expiry = sp.get('expiry') ?? '';
  const [editing, setEditing] = useState<Licence | 'new' | null>(null);
  const { remove: del } = useLicenceMutations();
  const { confirmDelete } = useConfirm();
  const columns: ColumnsType<Licence> = [
    {
      title: '证照图片',
      dataIndex: 'imageUrl',
      width: 100,
      render: (v: string) => (
        <Image src={fileUrl(v)} alt="证照图片" width={64} height={48} style={{ objectFit: 'cover' }} />
      ),
    },
    { title: '类型', dataIndex: 'kind', width: 130, render: (v: string) => <DictTag type="licence_kind" value={v} /> },
    { title: '名称/持证人', dataIndex: 'name', width: 140, render: (v: string | null) => v ?? '-' },
    { title: '证照编号', dataIndex: 'number', width: 220, render: (v: string) => <CopyText text={v} /> },
    {
      title: '有效期',
      key: 'valid',
      width: 230,
      render: (_, r) => `${r.validFrom ?? '-'} 至 ${r.validTo ?? '长期'}`,
    },
    { title: '有效状态', key: 'expiry', width: 130, render: (_, r) => <ExpiryTag l={r} /> },
    {
      title: '审核状态',
      key: 'audit',
      width: 200,
      render: (_, r) => (
        <Space orientation="vertical" size={0}>
          <DictTag type="licence_audit_status" value={r.auditStatus} />
          {r.auditStatus === 2 && r.auditReason && (
            <Typography.Text type="danger" style={{ fontSize: 12 }}>
              驳回原因：{r.auditReason}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    {
      title: '操作',
      key: 'op',
      width: 140,
      fixed: 'right',
      render: (_, r) => (
        <Space>
          <Auth perm="merchant:account:licenceEdit">
            <Button type="link" size="small" onClick={() => setEditing(r)}>
              编辑
            </Button>
          </Auth>
          <Auth perm="merchant:account:licenceDel">
            <Button
              type="link"
              size="small"
              danger
              onClick={async () => {
                if (await confirmDelete(`确认删除证照「${r.number}」吗？`))
                  await del.mutateAsync([r.id]).catch(() => undefined);
              }}
            >
              删除
            </Button>
          </Auth>
        </Space>
      ),
    },
  ];
  return (
    <>
      <DataTable
        title={
          <Segmented
            value={expiry}
            onChange={(v) => setSp(v ? { expiry: String(v) } : {})}
            options={[
              { label: '全部证照', value: '' },
              { label: '即将到期/已过期', value: 'expiring' },
              { label: '已过期', value: 'expired' },
            ]}
          />
        }
        queryKey={licenceKeys.all}
        emptyAction={
          <EmptyAction perm="merchant:account:licenceAdd" onClick={() => setEditing('new')}>
            上传第一份证照
          </EmptyAction>
        }
        fetcher={getLicencePage}
        params={expiry ? { expiry } : {}}
        columns={columns}
        rowKey="id"
        search={[
          { name: 'kind', label: '类型', type: 'dict', dict: 'licence_kind', width: 150 },
          { name: 'auditStatus', label: '审核状态', type: 'dict', dict: 'licence_audit_status', width: 130 },
        ]}
        toolbar={() => (
          <Auth perm="merchant:account:licenceAdd">
            <Button type="primary" onClick={() => setEditing('new')}>
              新增证照
            </Button>
          </Auth>
        )}
        scrollX={1200}
      />
      <LicenceForm row={editing} onClose={() => setEditing(null)} />
    </>
  );
}
