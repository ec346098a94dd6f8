import { QueryError, isNotFound } from '../../../../components/QueryState.tsx';
import { passwordField } from '@jz/contracts/user';
import { Button, Card, Descriptions, Form, Input, Modal, Result, Skeleton, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useConfirm } from '../../../../components/confirm.ts';
import { Auth } from '../../../../lib/access.tsx';
import { zodRule } from '../../../../lib/zod-rule.ts';
import { useSubAccountMutations, useSubDetail } from '../api/subaccount.ts';
import { formatDateTime } from '../../../../lib/format.ts';
import { ipPlace } from '../lib/sign-in.ts';
import { pagePath } from '../../../../lib/page-registry.ts';

const fmt = (iso: string | null) => formatDateTime(iso, { seconds: true });

/** 账号详情 (/zhanghaoxiangqing?id=): role, effective permissions, shops, recent sign-ins and operations; reset/disable. */
export default function SubAccountDetailPage() {
  const [sp] = useSearchParams();
  const id = Number(sp.get('id') ?? 0);
  const q = useSubDetail(id);
  const navigate = useNavigate();
  const { setStatus: status, rePassword: rePw } = useSubAccountMutations();
  const { confirmWarning } = useConfirm();
  const [resetting, setResetting] = useState(false);
  const [form] = Form.useForm<{ password: string }>();
  if (!id) return <Result status="404" title="缺少账号编号" />;
  const d = q.data;
  if (!d)
    return (
      <Card className="jz-card">
        {q.isError && isNotFound(q.error) ? (
          <Result status="404" title="账号不存在" />
        ) : q.isError ? (
          <QueryError error={q.error} onRetry={q.refetch} />
        ) : (
          <Skeleton active />
        )}
      </Card>
    );
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card
        className="jz-card"
        variant="borderless"
        title={`账号详情：${d.nickName}`}
        extra={
          <Space>
            <Auth perm="merchant:subaccount:edit">
              <Button onClick={() => navigate(pagePath('account.subForm', { id: d.id }))}>编辑</Button>
            </Auth>
            <Auth perm="merchant:subaccount:rePassword">
              <Button onClick={() => setResetting(true)}>重置密码</Button>
            </Auth>
            <Auth perm="merchant:subaccount:status">
              <Button
                danger={d.status === 0}
                onClick={async () => {
                  const next = d.status === 0 ? 1 : 0;
                  if (
                    await confirmWarning(
                      next ? '停用后该账号立即退出登录且无法登录，确定停用吗？' : '确定启用该账号吗？',
                    )
                  )
                    await status
                      .mutateAsync({ id: d.id, status: next })
                      .then(() => q.refetch())
                      .catch(() => undefined);
                }}
              >
                {d.status === 0 ? '停用' : '启用'}
              </Button>
            </Auth>
          </Space>
        }
      >
        <Descriptions column={2} bordered size="middle">
          <Descriptions.Item label="姓名">{d.nickName}</Descriptions.Item>
          <Descriptions.Item label="手机号">{d.phone}</Descriptions.Item>
          <Descriptions.Item label="账号名">{d.loginName}</Descriptions.Item>
          <Descriptions.Item label="状态">
            {d.status === 0 ? <Tag color="green">正常</Tag> : <Tag color="red">停用</Tag>}
          </Descriptions.Item>
          <Descriptions.Item label="角色">{d.roleName ?? '-'}</Descriptions.Item>
          <Descriptions.Item label="登录密码">{d.hasPassword ? '已设置' : '未设置（短信登录）'}</Descriptions.Item>
          <Descriptions.Item label="可管理店铺" span={2}>
            {d.shops ? d.shops.map((s) => <Tag key={s.id}>{s.name}</Tag>) : <Tag color="blue">全部店铺</Tag>}
          </Descriptions.Item>
          <Descriptions.Item label="可访问页面" span={2}>
            {d.menuNames.length ? d.menuNames.map((n) => <Tag key={n}>{n}</Tag>) : '-'}
          </Descriptions.Item>
          <Descriptions.Item label="权限码" span={2}>
            <div data-testid="sub-perms" style={{ maxHeight: 120, overflow: 'auto', color: '#666', fontSize: 12 }}>
              {d.perms.join('、') || '-'}
            </div>
          </Descriptions.Item>
          <Descriptions.Item label="创建时间">{fmt(d.createdAt)}</Descriptions.Item>
          <Descriptions.Item label="最近登录">{fmt(d.lastLoginAt)}</Descriptions.Item>
        </Descriptions>
      </Card>
      <Card className="jz-card" variant="borderless" title="最近登录">
        <Table
          rowKey={(r) => `${r.at}-${r.ip}`}
          size="small"
          pagination={false}
          dataSource={d.signIns}
          columns={[
            { title: '时间', dataIndex: 'at', width: 200, render: fmt },
            { title: '登录地点', dataIndex: 'ip', width: 260, render: (ip: string | null, r) => ipPlace(ip, r.place) },
            { title: '设备', dataIndex: 'userAgent', ellipsis: true },
          ]}
        />
      </Card>
      <Card className="jz-card" variant="borderless" title="最近操作">
        <Table
          rowKey={(r) => `${r.at}-${r.url}`}
          size="small"
          pagination={false}
          dataSource={d.operations}
          columns={[
            { title: '时间', dataIndex: 'at', width: 200, render: fmt },
            { title: '模块', dataIndex: 'title', width: 160 },
            { title: '地址', dataIndex: 'url', ellipsis: true },
            {
              title: '结果',
              dataIndex: 'success',
              width: 90,
              render: (v: number) => (v ? <Tag color="green">成功</Tag> : <Tag color="red">失败</Tag>),
            },
          ]}
        />
      </Card>
      <Modal
        title="重置密码"
        open={resetting}
        onCancel={() => setResetting(false)}
        destroyOnHidden
        confirmLoading={rePw.isPending}
        onOk={async () => {
          const v = await form.validateFields();
          await rePw
            .mutateAsync({ id: d.id, password: v.password })
            .then(() => setResetting(false))
            .catch(() => undefined);
        }}
      >
        <Form clearOnDestroy form={form} name="subRePassword" preserve={false} layout="vertical">
          <Form.Item
            name="password"
            label="新密码（重置后该账号需重新登录）"
            validateFirst
            rules={[{ required: true, message: '请输入新密码' }, zodRule(passwordField)]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
        </Form>
      </Modal>
    </Space>
  );
}
