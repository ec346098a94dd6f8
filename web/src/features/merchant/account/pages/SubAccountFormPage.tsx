import { QueryError, isNotFound } from '../../../../components/QueryState.tsx';
import { mainlandPhone } from '@jz/contracts/common';
import { ALL_SHOPS } from '@jz/contracts/subaccount';
import { nickNameField, passwordField } from '@jz/contracts/user';
import { Button, Card, Checkbox, Form, Input, Radio, Result, Select, Skeleton } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { hasPerm } from '../../../../lib/access.tsx';
import { zodRule } from '../../../../lib/zod-rule.ts';
import { useMyAccount } from '../api/account.ts';
import { type SubInput, useRoles, useSubAccountMutations, useSubDetail, useSubShops } from '../api/subaccount.ts';
import { pagePath } from '../../../../lib/page-registry.ts';

interface Values {
  nickName: string;
  phone: string;
  roleId: number;
  allShops: boolean;
  shopIds: number[];
  password?: string;
}

/**
 * 新增账号 (/xinzengzhanghao; ?id= edits): name, phone (unique), role, the shops it may work in. 全部店铺 is sent as the
 * explicit value `all`, and offered only to a caller who holds every shop itself (the server refuses it to others).
 */
export default function SubAccountFormPage() {
  const [sp] = useSearchParams();
  const id = Number(sp.get('id') ?? 0);
  const navigate = useNavigate();
  const detail = useSubDetail(id);
  const roles = useRoles();
  const shops = useSubShops();
  const mine = useMyAccount();
  const { save } = useSubAccountMutations();
  const [form] = Form.useForm<Values>();
  const allShops = Form.useWatch('allShops', form);
  if (!hasPerm(id ? 'merchant:subaccount:edit' : 'merchant:subaccount:add'))
    return <Result status="403" title="无权访问" subTitle="您没有该操作的权限" />;
  if ((id && !detail.data) || !roles.data || !shops.data || !mine.data) {
    const failed = [detail, roles, shops, mine].find((q) => q.isError);
    return (
      <Card className="jz-card">
        {failed && isNotFound(failed.error) ? (
          <Result status="404" title="账号不存在" />
        ) : failed ? (
          <QueryError error={failed.error} onRetry={failed.refetch} />
        ) : (
          <Skeleton active />
        )}
      </Card>
    );
  }
  const d = detail.data;
  // Only a holder of every shop may hand out 全部店铺.
  const canGrantAll = mine.data.shops === null;
  return (
    <Card className="jz-card" variant="borderless" title={id ? '编辑账号' : '新增账号'}>
      <Form
        form={form}
        name="subAccountForm"
        labelCol={{ span: 4 }}
        wrapperCol={{ span: 12 }}
        initialValues={
          d
            ? {
                nickName: d.nickName,
                phone: d.phone,
                roleId: d.roleId ?? undefined,
                allShops: !d.shops,
                shopIds: d.shops?.map((s) => s.id) ?? [],
              }
            : { allShops: canGrantAll, shopIds: [] }
        }
        onFinish={async (v) => {
          const body: SubInput = {
            id: id || undefined,
            nickName: v.nickName,
            roleId: v.roleId,
            shopIds: v.allShops ? ALL_SHOPS : v.shopIds,
            ...(id ? {} : { phone: v.phone, password: v.password || undefined }),
          };
          await save
            .mutateAsync(body)
            .then(() => navigate(pagePath('account.sub')))
            .catch(() => undefined);
        }}
      >
        <Form.Item
          name="nickName"
          label="姓名"
          validateFirst
          rules={[{ required: true, message: '请输入姓名' }, zodRule(nickNameField)]}
        >
          <Input maxLength={30} />
        </Form.Item>
        <Form.Item
          name="phone"
          label="手机号"
          validateFirst
          extra={id ? '手机号由本人在「修改手机号」中更改' : '用于短信登录，不能与其他账号重复'}
          rules={[{ required: true, message: '请输入手机号' }, zodRule(mainlandPhone)]}
        >
          <Input maxLength={11} disabled={!!id} inputMode="numeric" />
        </Form.Item>
        <Form.Item name="roleId" label="角色" rules={[{ required: true, message: '请选择角色' }]}>
          <Select
            placeholder="请选择角色"
            options={roles.data.map((r) => ({ label: r.name, value: r.id }))}
            aria-label="角色"
            notFoundContent="请先在「角色权限」中新增角色"
          />
        </Form.Item>
        <Form.Item
          name="allShops"
          label="可管理店铺"
          extra={canGrantAll ? undefined : '您只能管理部分店铺，因此只能分配其中的店铺'}
        >
          <Radio.Group
            options={[
              { label: '全部店铺', value: true, disabled: !canGrantAll },
              { label: '指定店铺', value: false },
            ]}
          />
        </Form.Item>
        {allShops === false && (
          <Form.Item
            name="shopIds"
            wrapperCol={{ offset: 4, span: 12 }}
            rules={[{ required: true, type: 'array', min: 1, message: '请至少选择一个店铺' }]}
          >
            <Checkbox.Group options={shops.data.map((s) => ({ label: s.name, value: s.id }))} />
          </Form.Item>
        )}
        {!id && (
          <Form.Item
            name="password"
            label="初始密码"
            extra="可选；至少 8 位，须同时包含字母和数字。不设置时该账号使用短信登录"
            rules={[
              {
                validator: (_, v) =>
                  v
                    ? passwordField
                        .parseAsync(v)
                        .then(() => undefined)
                        .catch((e) => Promise.reject(new Error(e.issues?.[0]?.message ?? '密码无效')))
                    : Promise.resolve(),
              },
            ]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
        )}
        <Form.Item wrapperCol={{ offset: 4 }}>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            保存
          </Button>
          <Button style={{ marginLeft: 8 }} onClick={() => navigate(pagePath('account.sub'))}>
            返回
          </Button>
        </Form.Item>
      </Form>
    </Card>
  );
}
