import type { MenuOption } from '@jz/contracts/menu-admin';
import { roleAddBody } from '@jz/contracts/role';
import { Alert, Form, Input, InputNumber, Modal, Radio, Skeleton, Space, Tree } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useEffect, useMemo, useState } from 'react';
import { RowAction } from '../../../../components/RowAction.tsx';
import { zodRule } from '../../../../lib/zod-rule.ts';
import { type RoleInput, useMenuTree } from '../api/role.ts';
import { checkedLeaves, leafIds, toSave } from '../../../../lib/menu-checks.ts';
import { useSubmitting } from '../../../../lib/use-long-action.ts';

const s = roleAddBody.shape;
const TYPE_LABEL = { CAIDAN: '目录', ZICAIDAN: '菜单', ANNIU: '按钮' } as const;

function toNodes(list: MenuOption[]): DataNode[] {
  return list.map((m) => ({
    key: m.id,
    title: (
      <span>
        {m.name}
        <span className="jz-muted" style={{ marginLeft: 6, color: '#666', fontSize: 12 }}>
          {TYPE_LABEL[m.type]}
          {m.perms ? ` · ${m.perms}` : ''}
        </span>
      </span>
    ),
    children: m.children ? toNodes(m.children) : undefined,
  }));
}

function allIds(list: MenuOption[]): number[] {
  return list.flatMap((m) => [m.id, ...allIds(m.children ?? [])]);
}

/** Add/edit a role: name, code, scope (new roles only), status, sort, remark, and its menus and buttons as a checkbox tree. */
export function RoleForm(props: {
  open: boolean;
  initial?: Partial<RoleInput> & { id?: number; builtIn?: number };
  onSubmit: (v: RoleInput) => Promise<unknown>;
  onClose: () => void;
}) {
  const [form] = Form.useForm<RoleInput>();
  const editing = !!props.initial?.id;
  const builtIn = props.initial?.builtIn === 1;
  const [scope, setScope] = useState<RoleInput['scope']>(props.initial?.scope ?? 'platform');
  const tree = useMenuTree(scope, props.open);
  const [checked, setChecked] = useState<number[]>([]);
  const [half, setHalf] = useState<number[]>([]);
  const [expanded, setExpanded] = useState<number[]>([]);
  const nodes = useMemo(() => toNodes(tree.data ?? []), [tree.data]);

  useEffect(() => {
    if (!props.open) return;
    setScope(props.initial?.scope ?? 'platform');
  }, [props.open, props.initial?.scope]);

  useEffect(() => {
    if (!props.open || !tree.data) return;
    const saved = props.initial?.scope === scope ? (props.initial?.menuIds ?? []) : [];
    const leaves = checkedLeaves(saved, tree.data);
    setChecked(leaves);
    // Parents of saved ids that are not leaves are recomputed by the tree; keep them as half-checked until it does.
    const leafSet = leafIds(tree.data);
    setHalf(saved.filter((id) => !leafSet.has(id)));
    setExpanded(tree.data.map((m) => m.id));
  }, [props.open, tree.data, scope, props.initial?.menuIds, props.initial?.scope]);

  const submitting = useSubmitting();
  return (
    <Modal
      title={editing ? '编辑角色' : '新增角色'}
      open={props.open}
      onCancel={props.onClose}
      destroyOnHidden
      width={720}
      confirmLoading={submitting.running}
      onOk={() =>
        submitting.run(async () => {
          const v = await form.validateFields();
          await props.onSubmit({ ...v, scope, ...(builtIn ? {} : { menuIds: toSave(checked, half) }) } as RoleInput);
          props.onClose();
        })
      }
    >
      <Form
        clearOnDestroy
        form={form}
        name="sysRole"
        labelCol={{ span: 4 }}
        preserve={false}
        initialValues={{ status: 0, sort: 0, scope: 'platform', ...props.initial }}
      >
        <Form.Item
          name="name"
          label="角色名称"
          validateFirst
          rules={[{ required: true, message: '请输入角色名称' }, zodRule(s.name)]}
        >
          <Input maxLength={30} />
        </Form.Item>
        <Form.Item
          name="code"
          label="角色编码"
          validateFirst
          rules={[{ required: true, message: '请输入角色编码' }, zodRule(s.code)]}
        >
          <Input maxLength={50} disabled={builtIn} placeholder="如：customer_service" />
        </Form.Item>
        <Form.Item
          name="scope"
          label="角色范围"
          extra={editing ? '角色范围创建后不能修改' : '商家角色只能分配商家菜单，平台角色只能分配平台菜单'}
        >
          <Radio.Group
            disabled={editing}
            onChange={(e) => setScope(e.target.value)}
            options={[
              { label: '平台', value: 'platform' },
              { label: '商家（模板）', value: 'merchant' },
            ]}
          />
        </Form.Item>
        <Form.Item name="status" label="状态">
          <Radio.Group
            disabled={builtIn}
            options={[
              { label: '正常', value: 0 },
              { label: '停用', value: 1 },
            ]}
          />
        </Form.Item>
        <Form.Item name="sort" label="排序">
          <InputNumber min={0} max={9999} precision={0} />
        </Form.Item>
        <Form.Item name="remark" label="备注" rules={[{ max: 500, message: '备注最多 500 个字' }]}>
          <Input.TextArea rows={2} maxLength={500} />
        </Form.Item>
        <Form.Item label="菜单权限">
          {builtIn ? (
            <Alert type="info" showIcon title="内置角色自动拥有其范围内的全部菜单和按钮" />
          ) : tree.isLoading ? (
            <Skeleton active />
          ) : (
            <>
              <Space style={{ marginBottom: 8 }}>
                <RowAction onClick={() => setExpanded(allIds(tree.data ?? []))}>全部展开</RowAction>
                <RowAction onClick={() => setExpanded([])}>全部折叠</RowAction>
                <RowAction
                  onClick={() => {
                    setChecked([...leafIds(tree.data ?? [])]);
                    setHalf(allIds(tree.data ?? []));
                  }}
                >
                  全选
                </RowAction>
                <RowAction
                  onClick={() => {
                    setChecked([]);
                    setHalf([]);
                  }}
                >
                  清空
                </RowAction>
                <span style={{ color: '#666' }}>已选 {toSave(checked, half).length} 项</span>
              </Space>
              <div
                style={{ maxHeight: 320, overflow: 'auto', border: '1px solid #f0f0f0', borderRadius: 6, padding: 8 }}
                data-testid="role-menu-tree"
              >
                <Tree
                  checkable
                  selectable={false}
                  treeData={nodes}
                  checkedKeys={checked}
                  expandedKeys={expanded}
                  onExpand={(keys) => setExpanded(keys as number[])}
                  onCheck={(keys, info) => {
                    setChecked((Array.isArray(keys) ? keys : keys.checked) as number[]);
                    setHalf((info.halfCheckedKeys ?? []) as number[]);
                  }}
                />
              </div>
            </>
          )}
        </Form.Item>
      </Form>
    </Modal>
  );
}
