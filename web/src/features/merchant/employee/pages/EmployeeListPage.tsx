import { DeleteOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { employeeImportApi } from '@jz/contracts/api/employee-import';
import type { Employee } from '@jz/contracts/employee';
import { maskPhone } from '@jz/contracts/mask';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Avatar, Button, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useConfirm } from '../../../../components/confirm.ts';
import { DataTable } from '../../../../components/data-table/DataTable.tsx';
import { LazyImportDialog } from '../../../../components/import/LazyImportDialog.tsx';
import { RowAction } from '../../../../components/RowAction.tsx';
import { fileUrl } from '../../../../components/upload/upload-api.ts';
import { Auth } from '../../../../lib/access.tsx';
import { DictTag } from '../../../../lib/dict.tsx';
import { initPcQuery } from '../../../../lib/queries.ts';
import { employeeKeys, getEmployeePage, useEmployeeMutations } from '../api/employee.ts';
import { CertSummary } from '../components/CertificateState.tsx';
import { WorkStateAction } from '../components/WorkStateAction.tsx';
import { shopSearchField } from '../../../../components/data-table/shop-search-field.ts';
import { pagePath } from '../../../../lib/page-registry.ts';

/** 公司员工 (/gongsiyuangong): the merchant's employees, by default those of the current shop. */
export default function EmployeeListPage() {
  const navigate = useNavigate();
  const { data: init } = useQuery(initPcQuery);
  const { remove } = useEmployeeMutations();
  const { confirmDelete } = useConfirm();
  const queryClient = useQueryClient();
  const [importing, setImporting] = useState(false);

  const del = async (rows: Pick<Employee, 'id' | 'name'>[], clear?: () => void) => {
    const text =
      rows.length > 1 ? `确认要删除选中的 ${rows.length} 名员工吗？` : `确认要删除员工「${rows[0].name}」吗？`;
    if (!(await confirmDelete(text))) return;
    await remove
      .mutateAsync(rows.map((r) => r.id))
      .then(() => clear?.())
      .catch(() => undefined); // the client already showed the reason (e.g. 服务中)
  };

  // Who and in what state stay in view at 1600 px: gender sits with the name, the ID number under the
  // phone, 工作状态 right after the employee; the rest can be hidden through 列设置.
  const columns: ColumnsType<Employee> = [
    {
      title: '员工',
      key: 'name',
      dataIndex: 'name',
      width: 170,
      render: (name: string, r) => (
        <Space>
          <Avatar src={fileUrl(r.avatarUrl) || undefined} size={32}>
            {name.slice(0, 1)}
          </Avatar>
          <Typography.Text strong>{name}</Typography.Text>
          <DictTag type="employee_gender" value={r.gender} />
        </Space>
      ),
    },
    {
      title: '工作状态',
      key: 'workState',
      dataIndex: 'workState',
      width: 100,
      render: (s: number) => <DictTag type="employee_work_state" value={s} />,
    },
    {
      title: '手机号 / 身份证号',
      key: 'contact',
      dataIndex: 'phone',
      width: 170,
      render: (p: string, r) => (
        <Space orientation="vertical" size={0}>
          <span>{maskPhone(p)}</span>
          <Typography.Text type="secondary">{r.idCardNo}</Typography.Text>
        </Space>
      ),
    },
    { title: '所属店铺', key: 'shopName', dataIndex: 'shopName', width: 170, ellipsis: true },
    {
      title: '技能',
      key: 'skills',
      dataIndex: 'skills',
      width: 200,
      render: (skills: string[]) =>
        skills.length ? (
          <Space size={[0, 4]} wrap>
            {skills.slice(0, 3).map((s) => (
              <Tag key={s}>{s}</Tag>
            ))}
            {skills.length > 3 && <Tag>+{skills.length - 3}</Tag>}
          </Space>
        ) : (
          '-'
        ),
    },
    { title: '证书', key: 'certs', width: 190, render: (_, r) => <CertSummary employee={r} /> },
    {
      title: '操作',
      key: 'op',
      width: 200,
      fixed: 'right',
      render: (_, r) => (
        <Space>
          <Auth perm="merchant:employee:query">
            <RowAction onClick={() => navigate(pagePath('merchant.employee.detail', { id: r.id }))}>详情</RowAction>
          </Auth>
          <Auth perm="merchant:employee:edit">
            <RowAction onClick={() => navigate(pagePath('merchant.employee.add', { id: r.id }))}>编辑</RowAction>
          </Auth>
          <Auth perm="merchant:employee:edit">
            <WorkStateAction employee={r} />
          </Auth>
          <Auth perm="merchant:employee:del">
            <RowAction danger onClick={() => del([r])}>
              删除
            </RowAction>
          </Auth>
        </Space>
      ),
    },
  ];

  return (
    <>
      <LazyImportDialog
        open={importing}
        onClose={() => setImporting(false)}
        title="批量导入员工"
        api={employeeImportApi}
        templateName="员工导入模板"
        unit="名员工"
        onImported={() => void queryClient.invalidateQueries({ queryKey: employeeKeys.all })}
      />
      <DataTable<Employee>
        title="公司员工"
        queryKey={employeeKeys.all}
        fetcher={getEmployeePage}
        columns={columns}
        selectable
        columnSettings={{ id: 'merchant.employee.list', locked: ['name', 'workState'] }}
        search={[
          { name: 'name', label: '姓名' },
          { name: 'phone', label: '手机号' },
          { name: 'skill', label: '技能', width: 140 },
          { name: 'workState', label: '工作状态', type: 'dict', dict: 'employee_work_state', width: 130 },
          shopSearchField(init),
        ]}
        emptyAction={
          <Auth perm="merchant:employee:add">
            <Button type="primary" onClick={() => navigate(pagePath('merchant.employee.add'))}>
              添加第一位员工
            </Button>
          </Auth>
        }
        toolbar={({ selectedRowKeys, clearSelection }) => (
          <>
            <Auth perm="merchant:employee:add">
              <Button
                type="primary"
                icon={<PlusOutlined />}
                onClick={() => navigate(pagePath('merchant.employee.add'))}
              >
                新增员工
              </Button>
            </Auth>
            <Auth perm="merchant:employee:add">
              <Button icon={<UploadOutlined />} onClick={() => setImporting(true)}>
                批量导入
              </Button>
            </Auth>
            <Auth perm="merchant:employee:del">
              <Button
                danger
                icon={<DeleteOutlined />}
                disabled={!selectedRowKeys.length}
                loading={remove.isPending}
                onClick={() =>
                  del(
                    selectedRowKeys.map((id) => ({ id: Number(id), name: '' })),
                    clearSelection,
                  )
                }
              >
                批量删除
              </Button>
            </Auth>
          </>
        )}
      />
    </>
  );
}
