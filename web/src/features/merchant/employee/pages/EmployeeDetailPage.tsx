import { QueryError, isNotFound } from '../../../../components/QueryState.tsx';
import { ArrowLeftOutlined, EditOutlined } from '@ant-design/icons';
import type { CertificateView } from '@jz/contracts/employee';
import {
  Avatar,
  Button,
  Card,
  Descriptions,
  Empty,
  Image,
  Result,
  Skeleton,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { fileUrl } from '../../../../components/upload/upload-api.ts';
import { Auth } from '../../../../lib/access.tsx';
import { DictTag } from '../../../../lib/dict.tsx';
import { serviceCategoryNames, useEmployee, useServiceCategoryTree } from '../api/employee.ts';
import { CertExpiry } from '../components/CertificateState.tsx';
import { WorkStateAction } from '../components/WorkStateAction.tsx';
import { LeaveList } from '../components/LeaveList.tsx';
import { WeeklyHoursView } from '../../../../components/weekly-hours/WeeklyHoursView.tsx';
import { EmployeeOrders } from '../components/EmployeeOrders.tsx';
import { formatDateTime } from '../../../../lib/format.ts';
import { pagePath } from '../../../../lib/page-registry.ts';
import { pickerNow, toPickerValue } from '../../../../lib/zone.ts';

/** Shown when an image address does not load. */
const FALLBACK =
  'data:image/svg+xml;charset=utf-8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" width="160" height="100"><rect width="100%" height="100%" fill="#f5f5f5"/><text x="50%" y="50%" dominant-baseline="middle" text-anchor="middle" font-size="14" fill="#999">图片加载失败</text></svg>',
  );

const ROW_BG: Record<string, string | undefined> = { expired: '#fff1f0', expiring: '#fffbe6' };

/** 员工详情 (/gongsiyuangongxiangqing?id=): profile and certificates, expired and expiring ones highlighted. */
export default function EmployeeDetailPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const q = useEmployee(Number.isInteger(id) && id > 0 ? id : 0);
  const { data: tree } = useServiceCategoryTree();
  const names = serviceCategoryNames(tree);

  if (!(id > 0))
    return (
      <Result
        status="warning"
        title="缺少员工编号"
        extra={<Button onClick={() => navigate(pagePath('merchant.employee.list'))}>返回员工列表</Button>}
      />
    );
  if (q.isError && !isNotFound(q.error)) return <QueryError error={q.error} onRetry={q.refetch} />;
  if (q.isError)
    return (
      <Result
        status="404"
        title="员工不存在"
        subTitle={(q.error as Error).message}
        extra={<Button onClick={() => navigate(pagePath('merchant.employee.list'))}>返回员工列表</Button>}
      />
    );
  const e = q.data;
  if (!e)
    return (
      <Card>
        <Skeleton active avatar paragraph={{ rows: 6 }} />
      </Card>
    );

  const age = e.birthDate ? pickerNow().diff(toPickerValue(e.birthDate), 'year') : null;
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card>
        <Space style={{ width: '100%', justifyContent: 'space-between' }}>
          <Space size={16}>
            <Avatar size={64} src={fileUrl(e.avatarUrl) || undefined}>
              {e.name.slice(0, 1)}
            </Avatar>
            <div>
              <Typography.Title level={4} style={{ margin: 0 }}>
                {e.name} <DictTag type="employee_work_state" value={e.workState} />
              </Typography.Title>
              <Typography.Text type="secondary">
                {e.shopName} · 评分 {e.rating.toFixed(1)} · 已完成 {e.completedOrders} 单
              </Typography.Text>
            </div>
          </Space>
          <Space>
            <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(pagePath('merchant.employee.list'))}>
              返回列表
            </Button>
            <Auth perm="merchant:employee:edit">
              <WorkStateAction employee={e} />
              <Button
                type="primary"
                icon={<EditOutlined />}
                onClick={() => navigate(pagePath('merchant.employee.add', { id: e.id }))}
              >
                编辑
              </Button>
            </Auth>
          </Space>
        </Space>
      </Card>

      <Card title="基本信息">
        <Descriptions column={3} bordered size="small">
          <Descriptions.Item label="手机号">{e.phone}</Descriptions.Item>
          <Descriptions.Item label="性别">
            <DictTag type="employee_gender" value={e.gender} />
          </Descriptions.Item>
          <Descriptions.Item label="出生日期">{e.birthDate ? `${e.birthDate}（${age} 岁）` : '-'}</Descriptions.Item>
          <Descriptions.Item label="身份证号">{e.idCardNo ?? '-'}</Descriptions.Item>
          <Descriptions.Item label="籍贯">{e.nativePlace || '-'}</Descriptions.Item>
          <Descriptions.Item label="工作年限">{e.workYears} 年</Descriptions.Item>
          <Descriptions.Item label="所属店铺">{e.shopName ?? '-'}</Descriptions.Item>
          <Descriptions.Item label="入职登记">{formatDateTime(e.createdAt)}</Descriptions.Item>
          <Descriptions.Item label="最近更新">{formatDateTime(e.updatedAt)}</Descriptions.Item>
          <Descriptions.Item label="技能" span={3}>
            {e.skills.length ? e.skills.map((s) => <Tag key={s}>{s}</Tag>) : '-'}
          </Descriptions.Item>
          <Descriptions.Item label="服务类目" span={3}>
            {e.fuwuIds.length
              ? e.fuwuIds.map((f) => (
                  <Tag color="blue" key={f}>
                    {names.get(f) ?? `#${f}`}
                  </Tag>
                ))
              : '-'}
          </Descriptions.Item>
          <Descriptions.Item label="个人简介" span={3}>
            {e.intro || '-'}
          </Descriptions.Item>
          <Descriptions.Item label="身份证照片" span={3}>
            {e.idCardFrontUrl || e.idCardBackUrl ? (
              <Image.PreviewGroup>
                <Space>
                  {e.idCardFrontUrl && (
                    <Image width={160} src={fileUrl(e.idCardFrontUrl)} fallback={FALLBACK} alt="身份证人像面" />
                  )}
                  {e.idCardBackUrl && (
                    <Image width={160} src={fileUrl(e.idCardBackUrl)} fallback={FALLBACK} alt="身份证国徽面" />
                  )}
                </Space>
              </Image.PreviewGroup>
            ) : (
              '未上传'
            )}
          </Descriptions.Item>
        </Descriptions>
      </Card>

      <Card
        title={`证书（${e.certificates.length}）`}
        extra={e.certAlerts > 0 && <Tag color="warning">{e.certAlerts} 个证书已过期或即将到期</Tag>}
      >
        {e.certificates.length ? (
          <Table<CertificateView>
            rowKey={(c) => `${c.name}-${c.imageUrl}`}
            dataSource={e.certificates}
            pagination={false}
            size="small"
            onRow={(c) => ({ style: { background: ROW_BG[c.state] } })}
            columns={[
              { title: '证书名称', dataIndex: 'name' },
              {
                title: '证书图片',
                dataIndex: 'imageUrl',
                width: 140,
                render: (u: string) => <Image width={80} src={fileUrl(u)} fallback={FALLBACK} alt="证书" />,
              },
              { title: '有效期至', dataIndex: 'expireAt', width: 140, render: (d: string | null) => d ?? '长期' },
              { title: '状态', key: 'state', width: 160, render: (_, c) => <CertExpiry cert={c} /> },
            ]}
          />
        ) : (
          <Empty description="暂无证书" />
        )}
      </Card>
      <Card title="每周排班">
        <WeeklyHoursView hours={e.workHours ?? null} />
      </Card>
      <LeaveList employee={e} />
      <EmployeeOrders employeeId={e.id} />
    </Space>
  );
}
