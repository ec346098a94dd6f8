import {
  genTableFields,
  genTreeOptions,
  HTML_TYPES,
  type GenColumn,
  type GenTableDetail,
  type GenTreeOptions,
  QUERY_TYPES,
  readTreeOptions,
  TS_TYPES,
} from '@jz/contracts/gen';
import { QueryError } from '../../../../components/QueryState.tsx';
import { useQuery } from '@tanstack/react-query';
import { AutoComplete, Checkbox, Form, Input, InputNumber, Modal, Select, Spin, Table, Tabs } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect, useState } from 'react';
import { zodRule } from '../../../../lib/zod-rule.ts';
import { genKeys, getGenTable, useDictTypeOptions, useGenMutations } from '../api/gen.ts';

const s = genTableFields;
const HTML_LABELS: Record<(typeof HTML_TYPES)[number], string> = {
  input: '文本框',
  textarea: '文本域',
  select: '下拉框',
  radio: '单选框',
  checkbox: '复选框',
  datetime: '日期控件',
  imageUpload: '图片上传',
  fileUpload: '文件上传',
  editor: '富文本',
};
type BasicInfo = Omit<GenTableDetail, 'id' | 'columns' | 'tableName' | 'options' | 'createdAt' | 'updatedAt'> &
  Partial<GenTreeOptions>;
const treeRule = genTreeOptions.shape;

/** The tree options stored, or guessed from the columns (id, parent_id / pid, the first name-like text column). */
function treeDefaults(d: GenTableDetail): Partial<GenTreeOptions> {
  const saved = readTreeOptions(d.options);
  if (saved) return saved;
  const has = (n: string) => d.columns.some((c) => c.columnName === n);
  const parent = ['parent_id', 'pid', 'parent'].find(has);
  const name = d.columns.find((c) => c.tsType === 'string' && /(^|_)(name|title)$/.test(c.columnName));
  return { treeCode: 'id', treeParentCode: parent, treeName: name?.columnName };
}

/** 编辑: the basic info of the generated slice and the column grid (RuoYi's 字段信息). */
export function GenEditDialog(props: { id: number; onClose: () => void }) {
  const { edit } = useGenMutations();
  const [form] = Form.useForm<BasicInfo>();
  const detail = useQuery({ queryKey: [...genKeys.all, 'detail', props.id], queryFn: () => getGenTable(props.id) });
  const dicts = useDictTypeOptions();
  const [columns, setColumns] = useState<GenColumn[]>([]);
  useEffect(() => {
    if (detail.data) setColumns(detail.data.columns);
  }, [detail.data]);

  const patch = (id: number, v: Partial<GenColumn>) =>
    setColumns((cs) => cs.map((c) => (c.id === id ? { ...c, ...v } : c)));
  const flag = (key: 'isInsert' | 'isEdit' | 'isList' | 'isQuery' | 'isRequired', title: string) => ({
    title,
    dataIndex: key,
    width: 64,
    align: 'center' as const,
    render: (v: number, r: GenColumn) => (
      <Checkbox
        aria-label={`${r.columnName} ${title}`}
        checked={v === 1}
        onChange={(e) => patch(r.id, { [key]: e.target.checked ? 1 : 0 })}
      />
    ),
  });
  const grid: ColumnsType<GenColumn> = [
    {
      title: '序号',
      dataIndex: 'sort',
      width: 70,
      render: (v: number, r) => (
        <InputNumber
          size="small"
          min={0}
          value={v}
          onChange={(n) => patch(r.id, { sort: n ?? 0 })}
          style={{ width: 56 }}
        />
      ),
    },
    { title: '字段列名', dataIndex: 'columnName', width: 140 },
    {
      title: '字段描述',
      dataIndex: 'columnComment',
      width: 150,
      render: (v: string, r) => (
        <Input
          size="small"
          aria-label={`${r.columnName} 字段描述`}
          maxLength={100}
          value={v}
          onChange={(e) => patch(r.id, { columnComment: e.target.value })}
        />
      ),
    },
    { title: '物理类型', dataIndex: 'columnType', width: 110 },
    {
      title: 'TS 类型',
      dataIndex: 'tsType',
      width: 110,
      render: (v: GenColumn['tsType'], r) => (
        <Select
          size="small"
          value={v}
          style={{ width: 96 }}
          options={TS_TYPES.map((t) => ({ label: t, value: t }))}
          onChange={(t) => patch(r.id, { tsType: t })}
        />
      ),
    },
    flag('isInsert', '插入'),
    flag('isEdit', '编辑'),
    flag('isList', '列表'),
    flag('isQuery', '查询'),
    {
      title: '查询方式',
      dataIndex: 'queryType',
      width: 110,
      render: (v: GenColumn['queryType'], r) => (
        <Select
          size="small"
          value={v}
          style={{ width: 96 }}
          options={QUERY_TYPES.map((t) => ({ label: t, value: t }))}
          onChange={(t) => patch(r.id, { queryType: t })}
        />
      ),
    },
    flag('isRequired', '必填'),
    {
      title: '显示类型',
      dataIndex: 'htmlType',
      width: 120,
      render: (v: GenColumn['htmlType'], r) => (
        <Select
          size="small"
          aria-label={`${r.columnName} 显示类型`}
          value={v}
          style={{ width: 108 }}
          options={HTML_TYPES.map((t) => ({ label: HTML_LABELS[t], value: t }))}
          onChange={(t) => patch(r.id, { htmlType: t })}
        />
      ),
    },
    {
      title: '字典类型',
      dataIndex: 'dictType',
      width: 170,
      render: (v: string | null, r) => (
        <AutoComplete
          size="small"
          aria-label={`${r.columnName} 字典类型`}
          value={v ?? ''}
          style={{ width: 156 }}
          allowClear
          options={(dicts.data ?? []).map((d) => ({ label: `${d.name}（${d.type}）`, value: d.type }))}
          filterOption={(input, o) => String(o?.value ?? '').includes(input) || String(o?.label ?? '').includes(input)}
          onChange={(t: string) => patch(r.id, { dictType: t || null })}
        />
      ),
    },
  ];

  const d = detail.data;
  const kind = Form.useWatch('tplCategory', form) ?? d?.tplCategory;
  const pick = (keep: (c: GenColumn) => boolean) =>
    columns
      .filter(keep)
      .map((c) => ({ label: `${c.columnName}：${c.columnComment || c.columnName}`, value: c.columnName }));
  return (
    <Modal
      title={d ? `编辑生成配置：${d.tableName}` : '编辑生成配置'}
      open
      width="90vw"
      onCancel={props.onClose}
      okButtonProps={{ disabled: !d, loading: edit.isPending }}
      onOk={async () => {
        if (!d) return;
        const { treeCode, treeParentCode, treeName, ...v } = await form.validateFields();
        const options =
          v.tplCategory === 'tree' && treeCode && treeParentCode && treeName
            ? { treeCode, treeParentCode, treeName }
            : undefined;
        await edit.mutateAsync({ ...v, id: d.id, columns, options });
        props.onClose();
      }}
    >
      {detail.isError && !d ? (
        <QueryError error={detail.error} onRetry={detail.refetch} compact />
      ) : !d ? (
        <Spin />
      ) : (
        <Tabs
          items={[
            {
              key: 'basic',
              label: '基本信息',
              forceRender: true,
              children: (
                <Form
                  form={form}
                  name="genTable"
                  labelCol={{ span: 6 }}
                  style={{ maxWidth: 720 }}
                  initialValues={{ ...d, ...treeDefaults(d) }}
                >
                  <Form.Item
                    name="tableComment"
                    label="表描述"
                    rules={[{ required: true, message: '请输入表描述' }, zodRule(s.tableComment)]}
                  >
                    <Input maxLength={100} />
                  </Form.Item>
                  <Form.Item
                    name="className"
                    label="实体类名称"
                    rules={[{ required: true, message: '请输入实体类名称' }, zodRule(s.className)]}
                  >
                    <Input maxLength={60} />
                  </Form.Item>
                  <Form.Item
                    name="functionName"
                    label="功能名（菜单名）"
                    rules={[{ required: true, message: '请输入功能名' }, zodRule(s.functionName)]}
                  >
                    <Input maxLength={30} />
                  </Form.Item>
                  <Form.Item
                    name="moduleName"
                    label="模块名（目录）"
                    rules={[{ required: true, message: '请输入模块名' }, zodRule(s.moduleName)]}
                  >
                    <Input maxLength={30} />
                  </Form.Item>
                  <Form.Item
                    name="businessName"
                    label="业务名（文件名）"
                    rules={[{ required: true, message: '请输入业务名' }, zodRule(s.businessName)]}
                  >
                    <Input maxLength={40} />
                  </Form.Item>
                  <Form.Item
                    name="parentMenuKey"
                    label="上级菜单"
                    extra="平台端目录的 key，如 sys（系统管理）"
                    rules={[{ required: true, message: '请输入上级菜单' }, zodRule(s.parentMenuKey)]}
                  >
                    <Input maxLength={100} />
                  </Form.Item>
                  <Form.Item name="tplCategory" label="生成模板">
                    <Select
                      options={[
                        { label: '单表（增删改查）', value: 'crud' },
                        { label: '树表（增删改查）', value: 'tree' },
                      ]}
                    />
                  </Form.Item>
                  {kind === 'tree' && (
                    <>
                      <Form.Item
                        name="treeCode"
                        label="树编码字段"
                        extra="树节点的编号：主键 id"
                        rules={[{ required: true, message: '请选择树编码字段' }, zodRule(treeRule.treeCode)]}
                      >
                        <Select options={pick((c) => c.isPk === 1)} placeholder="请选择树编码字段" />
                      </Form.Item>
                      <Form.Item
                        name="treeParentCode"
                        label="树父编码字段"
                        extra="上级节点的编号（整数，顶级为 0 或空），如 parent_id"
                        rules={[{ required: true, message: '请选择树父编码字段' }, zodRule(treeRule.treeParentCode)]}
                      >
                        <Select
                          options={pick((c) => c.isPk !== 1 && c.tsType === 'number')}
                          placeholder="请选择树父编码字段"
                        />
                      </Form.Item>
                      <Form.Item
                        name="treeName"
                        label="树名称字段"
                        extra="树节点显示的名称，如 name"
                        rules={[{ required: true, message: '请选择树名称字段' }, zodRule(treeRule.treeName)]}
                      >
                        <Select
                          options={pick((c) => c.isPk !== 1 && c.tsType === 'string')}
                          placeholder="请选择树名称字段"
                        />
                      </Form.Item>
                    </>
                  )}
                  <Form.Item name="remark" label="备注" rules={[zodRule(s.remark)]}>
                    <Input.TextArea rows={2} maxLength={500} />
                  </Form.Item>
                </Form>
              ),
            },
            {
              key: 'columns',
              label: '字段信息',
              forceRender: true,
              children: (
                <Table<GenColumn>
                  rowKey="id"
                  size="small"
                  pagination={false}
                  columns={grid}
                  dataSource={columns}
                  scroll={{ x: 1500, y: '55vh' }}
                />
              ),
            },
          ]}
        />
      )}
    </Modal>
  );
}
