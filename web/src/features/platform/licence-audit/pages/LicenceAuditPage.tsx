import type { Licence } from '@jz/contracts/licence';
import { Button, Form, Image, Input, Modal, Space, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useConfirm } from '../../../../components/confirm.ts';
import { CopyText } from '../../../../components/CopyText.tsx';
import { DataTable } from '../../../../components/data-table/DataTable.tsx';
import { fileUrl } from '../../../../components/upload/upload-api.ts';
import { Auth } from '../../../../lib/access.tsx';
import { DictTag } from '../../../../lib/dict.tsx';
import { ExpiryTag } from '../../../../components/licence/ExpiryTag.tsx';
import { getLicenceAuditPage, licenceAuditKeys, useLicenceAuditMutations } from '../api/licence-audit.ts';
import { formatDateTime } from '../../../../lib/format.ts';

const fmt = (iso: string | null) => formatDateTime(iso);

function RejectModal({ row, onClose }: { row: Licence | null; onClose: () => void }) {
  const [form] = Form.useForm<{ auditReason: string }>();
  const { audit } = useLicenceAuditMutations();
  return (
    <Modal
      title={`驳回证照 ${row?.number ?? ''}`}
      open={!!row}
      onCancel={onClose}
      okText="驳 回"
      okButtonProps={{ danger: true }}
      confirmLoading={audit.isPending}
      destroyOnHidden
      onOk={async () => {
        const v = await form.validateFields();
        if (!row) return;
        await audit
          .mutateAsync({ id: row.id, auditStatus: 2, auditReason: v.auditReason })
          .then(onClose)
          .catch(() => undefined);
      }}
    >
      <Form clearOnDestroy form={form} name="licence-reject" layout="vertical" preserve={false}>
        <Form.Item
          name="auditReason"
          label="驳回原因"
          rules={[
            { required: true, whitespace: true, message: '请填写驳回原因' },
            { max: 200, message: '最多 200 个字' },
          ]}
        >
          <Input.TextArea rows={3} maxLength={200} showCount placeholder="将展示给商家" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** 证照审核 (/sys/licence-audit): every merchant's licences; approve, or reject with a reason. */
export default function LicenceAuditPage() {
  const { audit } = useLicenceAuditMutations();
  const { confirmWarning } = useConfirm();
  const [rejecting, setRejecting] = useState<Licence | null>(null);
  const columns: ColumnsType<Licence> = [
    { title: '商家', dataIndex: 'merchantName', width: 180, ellipsis: true },
    {
      title: '证照图片',
      dataIndex: 'imageUrl',
      width: 100,
      render: (v: string) => (
        <Image src={fileUrl(v)} alt="证照图片" width={64} height={48} style={{ objectFit: 'cover' }} />
      ),
    },
    { title: '类型', dataIndex: 'kind', width: 130, render: (v: string) => <DictTag type="licence_kind" value={v} /> },
    { title: '名称/持证人', dataIndex: 'name', width: 130, render: (v: string | null) => v ?? '-' },
    { title: '证照编号', dataIndex: 'number', width: 210, render: (v: string) => <CopyText text={v} /> },
    { title: '有效期', key: 'valid', width: 220, render: (_, r) => `${r.validFrom ?? '-'} 至 ${r.validTo ?? '长期'}` },
    { title: '有效状态', key: 'expiry', width: 120, render: (_, r) => <ExpiryTag l={r} /> },
    {
      title: '审核状态',
      dataIndex: 'auditStatus',
      width: 100,
      render: (v: number) => <DictTag type="licence_audit_status" value={v} />,
    },
    { title: '驳回原因', dataIndex: 'auditReason', width: 160, ellipsis: true, render: (v: string | null) => v ?? '-' },
    { title: '提交时间', dataIndex: 'updatedAt', width: 150, render: fmt },
    {
      title: '操作',
      key: 'op',
      fixed: 'right',
      width: 130,
      render: (_, r) =>
        r.auditStatus === 0 ? (
          <Auth perm="sys:licence:audit">
            <Space>
              <Button
                type="link"
                size="small"
                onClick={async () => {
                  if (await confirmWarning(`确认通过 ${r.merchantName} 的证照「${r.number}」？`))
                    await audit.mutateAsync({ id: r.id, auditStatus: 1 }).catch(() => undefined);
                }}
              >
                通过
              </Button>
              <Button type="link" size="small" danger onClick={() => setRejecting(r)}>
                驳回
              </Button>
            </Space>
          </Auth>
        ) : (
          <Typography.Text type="secondary">{fmt(r.auditedAt)}</Typography.Text>
        ),
    },
  ];
  return (
    <>
      <DataTable
        queryKey={licenceAuditKeys.all}
        fetcher={getLicenceAuditPage}
        columns={columns}
        rowKey="id"
        search={[
          { name: 'merchantName', label: '商家', width: 160 },
          { name: 'kind', label: '类型', type: 'dict', dict: 'licence_kind', width: 150 },
          { name: 'auditStatus', label: '审核状态', type: 'dict', dict: 'licence_audit_status', width: 130 },
          {
            name: 'expiry',
            label: '有效状态',
            type: 'select',
            width: 150,
            options: [
              { label: '即将到期/已过期', value: 'expiring' },
              { label: '已过期', value: 'expired' },
            ],
          },
        ]}
        scrollX={1600}
      />
      <RejectModal row={rejecting} onClose={() => setRejecting(null)} />
    </>
  );
}
