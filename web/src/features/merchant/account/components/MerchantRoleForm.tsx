import type { MenuOption } from '@jz/contracts/menu-admin';
import { merchantRoleAddBody, type MerchantRole } from '@jz/contracts/subaccount';
import { Alert, Form, Input, Modal, Skeleton, Tree } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useEffect, useMemo, useState } from 'react';
import { zodRule } from '../../../../lib/zod-rule.ts';
import { checkedLeaves, leafIds, toSave } from '../../../../lib/menu-checks.ts';
import { useGrantTree, useMerchantRoleMutations } from '../api/subaccount.ts';

const s = merchantRoleAddBody.shape;
const TYPE = { CAIDAN: '目录', ZICAIDAN: '页面', ANNIU: '按钮' } as const;

const toNodes = (list: MenuOption[]): DataNode[] =>
  list.map((m) => ({
    key: m.id,
    title: (
      <span>
        {m.name}
        <span style={{ marginLeft: 6, color: '#666', fontSize: 12 }}>{TYPE[m.type]}</span>
      </span>
    ),
    children: m.children ? toNodes(m.children) : undefined,
  }));

/** A merchant role: a name and a tree of the merchant pages and buttons the caller may grant (never platform ones). */
export function MerchantRoleForm(props: { open: boolean; role?: MerchantRole | null; onClose: () => void }) {
  const [form] = Form.useForm<{ name: string; remark?: string }>();
  const tree = useGrantTree(props.open);
  const { save } = useMerchantRoleMutations();
  const [checked, setChecked] = useState<number[]>([]);
  const [half, setHalf] = useState<number[]>([]);
  const [error, setError] = useState('');
  const nodes = useMemo(() => toNodes(tree.data ?? []), [tree.data]);

  useEffect(() => {
    if (!props.open || !tree.data) return;
    const saved = props.role?.menuIds ?? [];
    setChecked(checkedLeaves(saved, tree.data));
    const leaves = leafIds(tree.data);
    setHalf(saved.filter((id) => !leaves.has(id)));
    setError('');
  }, [props.open, props.role, tree.data]);

  return (
    <Modal
      title={props.role ? '编辑角色' : '新增角色'}
      open={props.open}
      onCancel={props.onClose}
      destroyOnHidden
      width={640}
      confirmLoading={save.isPending}
      onOk={async () => {
        const v = await form.validateFields();
        const menuIds = toSave(checked, half);
        if (!menuIds.length) {
          setError('请至少选择一项权限');
          return;
        }
        await save
          .mutateAsync({ ...v, id: props.role?.id, menuIds })
          .then(props.onClose)
          .catch(() => undefined);
      }}
    >
      <Form
        clearOnDestroy
        form={form}
        name="merchantRole"
        labelCol={{ span: 4 }}
        preserve={false}
        initialValues={{ name: props.role?.name, remark: props.role?.remark ?? undefined }}
      >
        <Form.Item
          name="name"
          label="角色名称"
          validateFirst
          rules={[{ required: true, message: '请输入角色名称' }, zodRule(s.name)]}
        >
          <Input maxLength={30} placeholder="如：前台、店长" />
        </Form.Item>
        <Form.Item name="remark" label="备注" rules={[{ max: 200, message: '备注最多 200 个字' }]}>
          <Input.TextArea rows={2} maxLength={200} />
        </Form.Item>
        <Form.Item label="权限" required help={error || undefined} validateStatus={error ? 'error' : undefined}>
          {tree.isLoading ? (
            <Skeleton active />
          ) : tree.data?.length ? (
            <div
              style={{ maxHeight: 360, overflow: 'auto', border: '1px solid #f0f0f0', borderRadius: 6, padding: 8 }}
              data-testid="merchant-role-tree"
            >
              <Tree
                checkable
                selectable={false}
                defaultExpandAll
                treeData={nodes}
                checkedKeys={checked}
                onCheck={(keys, info) => {
                  setChecked((Array.isArray(keys) ? keys : keys.checked) as number[]);
                  setHalf((info.halfCheckedKeys ?? []) as number[]);
                  setError('');
                }}
              />
            </div>
          ) : (
            <Alert type="warning" title="没有可分配的权限" />
          )}
        </Form.Item>
      </Form>
    </Modal>
  );
}
