import { licenceAddBody, type Licence } from '@jz/contracts/licence';
import { Button, DatePicker, Form, Image, Input, Modal, Segmented, Select, Space, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useConfirm } from '../../../../components/confirm.ts';
import { CopyText } from '../../../../components/CopyText.tsx';
import { EmptyAction } from '../../../../components/EmptyAction.tsx';
import { DataTable } from '../../../../components/data-table/DataTable.tsx';
import { fileUrl, ImageUpload } from '../../../../components/upload/index.ts';
import { Auth } from '../../../../lib/access.tsx';
import { DictTag, useDict } from '../../../../lib/dict.tsx';
import { zodRule } from '../../../../lib/zod-rule.ts';
import { getLicencePage, type LicenceInput, licenceKeys, useLicenceMutations } from '../api/licence.ts';
import { ExpiryTag } from '../../../../components/licence/ExpiryTag.tsx';

const s = licenceAddBody.shape;
type FormValues = Omit<LicenceInput, 'validFrom' | 'validTo'> & {
  range?: [Dayjs | null, Dayjs | null];
  longTerm?: boolean;
};

function LicenceForm({ row, onClose }: { row: Licence | 'new' | null; onClose: () => void }) {
  const [form] = Form.useForm<FormValues>();
  const { save } = useLicenceMutations();
  const kinds = useDict('licence_kind');
  const editing = row && row !== 'new' ? row : null;
  const longTerm = Form.useWatch('longTerm', form);
  return (
    <Modal
      title={editing ? '编辑证照' : '新增证照'}
      open={!!row}
      onCancel={onClose}
      destroyOnHidden
      confirmLoading={save.isPending}
      width={600}
      onOk={async () => {
        const { range, longTerm: lt, ...v } = await form.validateFields();
        await save
          .mutateAsync({
            ...v,
            id: editing?.id,
            validFrom: range?.[0]?.format('YYYY-MM-DD') ?? '',
            validTo: lt ? '' : (range?.[1]?.format('YYYY-MM-DD') ?? ''),
          })
          .then(onClose)
          .catch(() => undefined);
      }}
    >
      <Typography.Paragraph type="secondary">提交或修改后需平台审核，审核结果会显示在列表中。</Typography.Paragraph>
      <Form
        clearOnDestroy
        form={form}
        name="licenceForm"
        labelCol={{ span: 5 }}
        preserve={false}
        initialValues={
          editing
            ? {
                ...editing,
                name: editing.name ?? undefined,
                longTerm: !editing.validTo,
                range: [
                  editing.validFrom ? dayjs(editing.validFrom) : null,
                  editing.validTo ? dayjs(editing.validTo) : null,
                ],
              }
            : { kind: 'yyzz', longTerm: false }
        }
      >
        <Form.Item name="kind" label="证照类型" rules={[{ required: true, message: '请选择证照类型' }]}>
          <Select options={kinds.options} loading={kinds.loading} aria-label="证照类型" />
        </Form.Item>
        <Form.Item name="name" label="名称/持证人" rules={[zodRule(s.name)]}>
          <Input maxLength={50} placeholder="如：健康证持证人姓名（可选）" />
        </Form.Item>
        <Form.Item
          name="number"
          label="证照编号"
          validateFirst
          rules={[{ required: true, message: '请输入证照编号' }, zodRule(s.number)]}
        >
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item name="imageUrl" label="证照图片" rules={[{ required: true, message: '请上传证照图片' }]}>
          <ImageUpload rootPath="licence" />
        </Form.Item>
        <Form.Item label="有效期" required={!longTerm}>
          <Space wrap>
            <Form.Item
              name="range"
              noStyle
              rules={[
                {
                  validator: (_, v?: [Dayjs | null, Dayjs | null]) =>
                    !v?.[0] || (!longTerm && !v?.[1])
                      ? Promise.reject(new Error(longTerm ? '请选择开始日期' : '请选择有效期'))
                      : Promise.resolve(),
                },
              ]}
            >
              <DatePicker.RangePicker allowEmpty={[false, !!longTerm]} disabled={[false, !!longTerm]} />
            </Form.Item>
            <Form.Item name="longTerm" noStyle>
              <Segmented
                options={[
                  { label: '有截止日', value: false },
                  { label: '长期', value: true },
                ]}
              />
            </Form.Item>
          </Space>
        </Form.Item>
      </Form>
    </Modal>
  );
}

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
