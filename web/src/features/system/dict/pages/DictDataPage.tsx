import { ArrowLeftOutlined } from '@ant-design/icons';
import type { DictData } from '@jz/contracts/dict';
import { Button, Select, Space, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { CopyText } from '../../../../components/CopyText.tsx';
import { DataTable } from '../../../../components/data-table/DataTable.tsx';
import { useCrudDelete } from '../../../../components/data-table/useCrudDelete.ts';
import { CrudToolbar } from '../../../../components/data-table/CrudToolbar.tsx';
import { CrudRowActions } from '../../../../components/data-table/CrudRowActions.tsx';
import { StatusSwitch } from '../../../../components/StatusSwitch.tsx';
import { hasPerm } from '../../../../lib/access.tsx';
import { dictDataKeys, getDictDataPage, useDictDataMutations, useDictTypeList } from '../api/dict.ts';
import { DictDataForm } from '../components/lazy-dialogs.ts';
import { pagePath } from '../../../../lib/page-registry.ts';

/** 字典数据: the values of one dictionary type (?dictType=...). */
export default function DictDataPage() {
  const navigate = useNavigate();
  const [sp, setSp] = useSearchParams();
  const dictType = sp.get('dictType') ?? '';
  const types = useDictTypeList();
  const { add, edit, remove } = useDictDataMutations();
  const [editing, setEditing] = useState<Partial<DictData> | null>(null);

  const del = useCrudDelete(remove.mutateAsync);

  const columns: ColumnsType<DictData> = [
    { title: '编号', dataIndex: 'id', width: 80 },
    {
      title: '数据标签',
      dataIndex: 'dictLabel',
      render: (l: string, r) => <Tag color={r.tagType && r.tagType !== 'default' ? r.tagType : undefined}>{l}</Tag>,
    },
    { title: '数据键值', dataIndex: 'dictValue', render: (v: string) => <CopyText text={v} /> },
    { title: '排序', dataIndex: 'sort', width: 80 },
    {
      title: '状态',
      dataIndex: 'status',
      width: 110,
      render: (s: number, r) => (
        <StatusSwitch
          checked={s === 0}
          disabled={!hasPerm('sys:dict:edit')}
          onChange={(on) => edit.mutateAsync({ id: r.id, status: on ? 0 : 1 })}
        />
      ),
    },
    { title: '备注', dataIndex: 'remark', ellipsis: true },
    {
      title: '操作',
      key: 'op',
      width: 140,
      render: (_, r) => (
        <CrudRowActions
          edit={{ perm: 'sys:dict:edit', onClick: () => setEditing(r) }}
          del={{ perm: 'sys:dict:del', onClick: () => del([r.id]) }}
        />
      ),
    },
  ];

  return (
    <>
      <DataTable<DictData>
        key={dictType}
        title={
          <Space>
            <Button
              type="text"
              icon={<ArrowLeftOutlined />}
              onClick={() => navigate(pagePath('sys.dict'))}
              aria-label="返回字典管理"
            />
            字典数据
            <Select
              style={{ width: 240 }}
              value={dictType || undefined}
              placeholder="选择字典类型"
              options={(types.data ?? []).map((t) => ({ value: t.type, label: `${t.name}（${t.type}）` }))}
              onChange={(v) => setSp({ dictType: v })}
              showSearch
              optionFilterProp="label"
            />
          </Space>
        }
        queryKey={dictDataKeys.all}
        params={{ dictType }}
        fetcher={getDictDataPage}
        columns={columns}
        selectable
        search={[
          { name: 'dictLabel', label: '数据标签' },
          { name: 'status', label: '状态', type: 'dict', dict: 'sys_normal_disable' },
        ]}
        toolbar={(ctx) => (
          <CrudToolbar
            {...ctx}
            add={{ perm: 'sys:dict:add', onClick: () => setEditing({}), disabled: !dictType }}
            del={{ perm: 'sys:dict:del', onDelete: del }}
          />
        )}
      />
      <DictDataForm
        open={editing !== null}
        dictType={dictType}
        initial={editing ?? undefined}
        onClose={() => setEditing(null)}
        onSubmit={(v) => (editing?.id ? edit.mutateAsync({ ...v, id: editing.id }) : add.mutateAsync(v))}
      />
    </>
  );
}
