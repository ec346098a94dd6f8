import { QueryError } from '../../../../components/QueryState.tsx';
import { EditOutlined } from '@ant-design/icons';
import { nickNameField } from '@jz/contracts/user';
import { Button, Card, Descriptions, Form, Input, Modal, Skeleton, Space, Tag } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ImageUpload } from '../../../../components/upload/index.ts';
import { zodRule } from '../../../../lib/zod-rule.ts';
import { useAccountMutations, useMyAccount } from '../api/account.ts';
import { formatDateTime } from '../../../../lib/format.ts';
import { deviceOf, ipPlace } from '../lib/sign-in.ts';
import { pagePath } from '../../../../lib/page-registry.ts';

/** 我的账号 (/wodezhanghao): avatar, nickname, login name, masked phone, roles, merchant, last sign-in; links to changes. */
export default function MyAccountPage() {
  const q = useMyAccount();
  const navigate = useNavigate();
  const { editAvatar: avatar, editNickName: nick } = useAccountMutations();
  const [editNick, setEditNick] = useState(false);
  const [form] = Form.useForm<{ nickName: string }>();
  const a = q.data;
  if (!a)
    return (
      <Card className="jz-card">
        {q.isError ? <QueryError error={q.error} onRetry={q.refetch} /> : <Skeleton active />}
      </Card>
    );
  return (
    <Card className="jz-card" variant="borderless" title="我的账号">
      <Space align="start" size={32} wrap>
        <div style={{ textAlign: 'center' }}>
          <ImageUpload
            rootPath="avatar"
            value={a.headUrl}
            label="上传头像"
            onChange={(url) => url && avatar.mutate(url)}
          />
          <div style={{ color: '#666', marginTop: 4 }}>头像</div>
        </div>
        <Descriptions column={1} bordered size="middle" style={{ minWidth: 520 }} styles={{ label: { width: 140 } }}>
          <Descriptions.Item label="昵称">
            <Space>
              {a.nickName}
              <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setEditNick(true)}>
                修改
              </Button>
            </Space>
          </Descriptions.Item>
          <Descriptions.Item label="账号名">
            <Space>
              <span data-testid="account-login-name">{a.loginName}</span>
              <Button type="link" size="small" onClick={() => navigate(pagePath('account.loginName'))}>
                修改账号名
              </Button>
            </Space>
          </Descriptions.Item>
          <Descriptions.Item label="手机号">
            <Space>
              <span data-testid="account-phone">{a.phone}</span>
              <Button type="link" size="small" onClick={() => navigate(pagePath('account.phone'))}>
                修改手机号
              </Button>
            </Space>
          </Descriptions.Item>
          <Descriptions.Item label="登录密码">
            <Space>
              {a.hasPassword ? <Tag color="green">已设置</Tag> : <Tag>未设置</Tag>}
              <Button type="link" size="small" onClick={() => navigate(pagePath('account.password'))}>
                {a.hasPassword ? '修改密码' : '设置密码'}
              </Button>
            </Space>
          </Descriptions.Item>
          <Descriptions.Item label="账号类型">{a.isOwner ? '主账号' : '子账号'}</Descriptions.Item>
          <Descriptions.Item label="角色">
            {a.roleNames.length ? a.roleNames.map((r) => <Tag key={r}>{r}</Tag>) : '-'}
          </Descriptions.Item>
          <Descriptions.Item label="所属商家">{a.merchantName ?? '-'}</Descriptions.Item>
          {!a.isOwner && (
            <Descriptions.Item label="可管理店铺">
              {a.shops ? a.shops.map((s) => <Tag key={s.id}>{s.name}</Tag>) : '全部店铺'}
            </Descriptions.Item>
          )}
          <Descriptions.Item label="本次登录">
            {a.lastLoginAt
              ? `${formatDateTime(a.lastLoginAt)}　登录地点 ${ipPlace(a.lastLoginIp, a.lastLoginPlace)}`
              : '-'}
          </Descriptions.Item>
          <Descriptions.Item label="上次登录">
            <span data-testid="account-previous-sign-in">
              {a.previousSignIn
                ? `${formatDateTime(a.previousSignIn.at)}　登录地点 ${ipPlace(a.previousSignIn.ip, a.previousSignIn.place)}　${deviceOf(a.previousSignIn.userAgent)}`
                : '首次登录'}
            </span>
          </Descriptions.Item>
          <Descriptions.Item label="注册时间">{formatDateTime(a.createdAt)}</Descriptions.Item>
        </Descriptions>
      </Space>
      <Modal
        title="修改昵称"
        open={editNick}
        onCancel={() => setEditNick(false)}
        destroyOnHidden
        confirmLoading={nick.isPending}
        onOk={async () => {
          const v = await form.validateFields();
          await nick
            .mutateAsync(v.nickName)
            .then(() => setEditNick(false))
            .catch(() => undefined);
        }}
      >
        <Form
          clearOnDestroy
          form={form}
          name="accountNickName"
          preserve={false}
          initialValues={{ nickName: a.nickName }}
        >
          <Form.Item
            name="nickName"
            label="昵称"
            validateFirst
            rules={[{ required: true, message: '请输入昵称' }, zodRule(nickNameField)]}
          >
            <Input maxLength={30} />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
