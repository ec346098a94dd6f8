import { menuAddBody, type MenuRow, permsField, routerParamField } from '@jz/contracts/menu-admin';
import { Form, Input, InputNumber, Modal, Radio, Select, TreeSelect } from 'antd';
import { useMemo } from 'react';
import { pages, pagePath } from '../../../../lib/page-registry.ts';
import { IconSelect } from '../../../../components/icon-picker/IconPicker.tsx';
import { zodRule } from '../../../../lib/zod-rule.ts';
import type { MenuInput } from '../api/menu.ts';
import { useSubmitting } from '../../../../lib/use-long-action.ts';

const s = menuAddBody.shape;

/** Registry keys for the component select: the pages the web app can render (spec: component = a registry key). */
const componentOptions = pages
  .filter((p) => !p.parentKey)
  .map((p) => ({ label: `${p.title}（${p.key}）`, value: p.key, path: p.path }))
  .sort((a, b) => a.value.localeCompare(b.value));

interface ParentNode {
  value: number;
  title: string;
  disabled?: boolean;
  children?: ParentNode[];
}

/** Possible parents: folders (for folders and pages) or pages (for buttons) of the same scope; never the row itself. */
function parentTree(tree: MenuRow[], type: MenuInput['type'], scope: string, selfId?: number): ParentNode[] {
  const want = type === 'ANNIU' ? 'ZICAIDAN' : 'CAIDAN';
  const walk = (list: MenuRow[]): ParentNode[] =>
    list
      .filter((m) => m.scope === scope && m.type !== 'ANNIU' && m.id !== selfId)
      .map((m) => ({
        value: m.id,
        title: m.name,
        disabled: m.type !== want,
        children: m.children ? walk(m.children) : undefined,
      }))
      .filter((n) => !n.disabled || n.children?.length);
  return walk(tree);
}

export function MenuForm(props: {
  open: boolean;
  tree: MenuRow[];
  initial?: Partial<MenuRow>;
  onSubmit: (v: MenuInput) => Promise<unknown>;
  onClose: () => void;
}) {
  const [form] = Form.useForm<MenuInput>();
  const editing = !!props.initial?.id;
  const builtIn = !!props.initial?.builtIn;
  const type = Form.useWatch('type', form) ?? props.initial?.type ?? 'ZICAIDAN';
  const scope = Form.useWatch('scope', form) ?? props.initial?.scope ?? 'platform';
  const parents = useMemo(
    () => parentTree(props.tree, type, scope, props.initial?.id),
    [props.tree, type, scope, props.initial?.id],
  );

  const submitting = useSubmitting();
  return (
    <Modal
      title={editing ? '编辑菜单' : '新增菜单'}
      open={props.open}
      onCancel={props.onClose}
      destroyOnHidden
      width={680}
      confirmLoading={submitting.running}
      onOk={() =>
        submitting.run(async () => {
          const v = await form.validateFields();
          await props.onSubmit({ ...v, parentId: v.parentId ?? null } as MenuInput);
          props.onClose();
        })
      }
    >
      <Form
        clearOnDestroy
        form={form}
        name="sysMenu"
        labelCol={{ span: 4 }}
        preserve={false}
        initialValues={{ type: 'ZICAIDAN', scope: 'platform', status: 0, sort: 0, ...props.initial }}
      >
        {builtIn && <p style={{ color: '#faad14' }}>内置菜单只能修改名称、图标、排序和状态。</p>}
        <Form.Item name="scope" label="菜单范围">
          <Radio.Group
            disabled={editing || props.initial?.parentId != null}
            onChange={() => form.setFieldValue('parentId', null)}
            options={[
              { label: '平台', value: 'platform' },
              { label: '商家', value: 'merchant' },
            ]}
          />
        </Form.Item>
        <Form.Item name="type" label="菜单类型">
          <Radio.Group
            disabled={builtIn}
            onChange={() => form.setFieldValue('parentId', null)}
            options={[
              { label: '目录', value: 'CAIDAN' },
              { label: '菜单', value: 'ZICAIDAN' },
              { label: '按钮', value: 'ANNIU' },
            ]}
          />
        </Form.Item>
        <Form.Item
          name="parentId"
          label="上级菜单"
          rules={type === 'ANNIU' ? [{ required: true, message: '按钮必须选择所属菜单' }] : []}
        >
          <TreeSelect
            allowClear
            disabled={builtIn}
            treeData={parents}
            placeholder={type === 'ANNIU' ? '请选择所属菜单' : '不选则为顶级'}
            treeDefaultExpandAll
            style={{ width: 350 }}
          />
        </Form.Item>
        <Form.Item
          name="name"
          label="菜单名称"
          validateFirst
          rules={[{ required: true, message: '请输入菜单名称' }, zodRule(s.name)]}
        >
          <Input maxLength={30} />
        </Form.Item>
        {type !== 'ANNIU' && (
          <Form.Item name="icon" label="图标">
            <IconSelect />
          </Form.Item>
        )}
        {type === 'ZICAIDAN' && (
          <>
            <Form.Item name="component" label="页面组件" rules={[{ required: true, message: '请选择页面组件' }]}>
              <Select
                showSearch
                disabled={builtIn}
                optionFilterProp="label"
                options={componentOptions}
                placeholder="从页面注册表中选择"
                onChange={(key: string) => {
                  const path = componentOptions.find((o) => o.value === key)?.path;
                  if (path && !form.getFieldValue('routerUrl')) form.setFieldValue('routerUrl', path);
                }}
              />
            </Form.Item>
            <Form.Item
              name="routerUrl"
              label="路由地址"
              validateFirst
              rules={[{ required: true, message: '请输入路由地址' }, zodRule(s.routerUrl)]}
            >
              <Input disabled={builtIn} maxLength={200} placeholder={pagePath('merchant.goods.list')} />
            </Form.Item>
            <Form.Item
              name="routerParam"
              label="路由参数"
              rules={[zodRule(routerParamField)]}
              extra='JSON 对象，点击菜单时作为查询参数，如 {"tab":"1"}'
            >
              <Input.TextArea disabled={builtIn} rows={2} maxLength={500} />
            </Form.Item>
          </>
        )}
        {type !== 'CAIDAN' && (
          <Form.Item
            name="perms"
            label="权限标识"
            rules={[
              ...(type === 'ANNIU' ? [{ required: true, message: '请输入按钮的权限标识' }] : []),
              zodRule(permsField),
            ]}
            extra={scope === 'merchant' ? '商家菜单以 merchant: 开头' : '平台菜单以 sys: 或 platform: 开头'}
          >
            <Input
              disabled={builtIn}
              maxLength={100}
              placeholder={scope === 'merchant' ? 'merchant:goods:add' : 'sys:user:add'}
            />
          </Form.Item>
        )}
        <Form.Item name="sort" label="排序">
          <InputNumber min={0} max={9999} precision={0} />
        </Form.Item>
        <Form.Item name="status" label="状态">
          <Radio.Group
            options={[
              { label: '正常', value: 0 },
              { label: '停用', value: 1 },
            ]}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
