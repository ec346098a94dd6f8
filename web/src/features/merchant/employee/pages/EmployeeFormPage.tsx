import { QueryError, isNotFound } from '../../../../components/QueryState.tsx';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import {
  certificate,
  type Employee,
  employeeEdit,
  type HoursConflictOrder,
  employeeFields,
  idCardFacts,
} from '@jz/contracts/employee';
import { MAX_CERTIFICATES, MAX_SKILLS } from '@jz/contracts/constants/employee';
import { useQuery } from '@tanstack/react-query';
import {
  Button,
  Card,
  Col,
  DatePicker,
  Form,
  Input,
  InputNumber,
  Radio,
  Result,
  Row,
  Select,
  Skeleton,
  Space,
  TreeSelect,
  Typography,
} from 'antd';
import type { FormInstance, Rule } from 'antd/es/form';
import dayjs, { type Dayjs } from 'dayjs';
import type { WeeklyHours } from '@jz/contracts/dispatch';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { TagInput } from '../../../../components/tag-input/TagInput.tsx';
import { ImageUpload } from '../../../../components/upload/index.ts';
import { hasPerm } from '../../../../lib/access.tsx';
import { initPcQuery } from '../../../../lib/queries.ts';
import { focusFirstError, showSaveRefusal } from '../../../../lib/form-errors.ts';
import { zodRule } from '../../../../lib/zod-rule.ts';
import { WeeklyHoursEditor, weekProblem } from '../../../../components/weekly-hours/index.ts';
import { ApiError } from '../../../../lib/api-client.ts';
import {
  checkHours,
  type EmployeeInput,
  useEmployee,
  useEmployeeMutations,
  useServiceCategoryTree,
  useShopHours,
} from '../api/employee.ts';
import { LazyHoursConflictDialog } from '../components/LazyHoursConflictDialog.tsx';
import { NativePlaceInput } from '../components/NativePlaceInput.tsx';
import { selectStates } from '../../../../components/select-states.tsx';
import { pagePath } from '../../../../lib/page-registry.ts';
import { pickerNow } from '../../../../lib/zone.ts';

const f = employeeFields;
const c = certificate.shape;
const FORM_NAME = 'employeeForm';

/** The field a server refusal names (a phone or ID number already used, a shop or category not allowed), or null. */
const refusalField = (message: string) =>
  /手机号/.test(message)
    ? ['phone']
    : /身份证/.test(message)
      ? ['idCardNo']
      : /姓名/.test(message)
        ? ['name']
        : /店铺/.test(message)
          ? ['shopId']
          : /服务类目/.test(message)
            ? ['fuwuIds']
            : null;

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
/** An untouched certificate row gets one message, under its name, instead of one per field. */
const EMPTY_CERT_ROW = '请填写证书名称并上传图片，或移除此行';

/**
 * The rules of one certificate row (Form.List row `row`): an empty row says so once (under its name); otherwise each
 * field says what it lacks, one message at a time.
 */
function certRules(form: FormInstance, row: number): { name: Rule[]; image: Rule[] } {
  const other = (field: 'name' | 'imageUrl') => form.getFieldValue(['certificates', row, field]);
  return {
    name: [
      {
        validator: async (_rule, v) => {
          if (blank(v) && blank(other('imageUrl'))) throw new Error(EMPTY_CERT_ROW);
        },
      },
      zodRule(c.name),
    ],
    image: [
      {
        validator: async (_rule, v) => {
          if (blank(v)) {
            if (!blank(other('name'))) throw new Error('请上传证书图片');
            return;
          }
          const r = c.imageUrl.safeParse(v);
          if (!r.success) throw new Error(r.error.issues[0]?.message ?? '图片地址无效');
        },
      },
    ],
  };
}

interface FormValues extends Omit<EmployeeInput, 'birthDate' | 'certificates' | 'workHours'> {
  birthDate?: Dayjs | null;
  /** null = the shop's business hours. */
  workHours?: WeeklyHours | null;
  certificates: { name: string; imageUrl: string; expireAt?: Dayjs | null }[];
}

function toForm(e: Employee): Partial<FormValues> {
  return {
    name: e.name,
    phone: e.phone,
    gender: e.gender,
    birthDate: e.birthDate ? dayjs(e.birthDate) : null,
    avatarUrl: e.avatarUrl ?? undefined,
    idCardFrontUrl: e.idCardFrontUrl ?? undefined,
    idCardBackUrl: e.idCardBackUrl ?? undefined,
    nativePlace: e.nativePlace ?? undefined,
    workYears: e.workYears,
    skills: e.skills,
    fuwuIds: e.fuwuIds,
    certificates: e.certificates.map((x) => ({
      name: x.name,
      imageUrl: x.imageUrl,
      expireAt: x.expireAt ? dayjs(x.expireAt) : null,
    })),
    intro: e.intro ?? undefined,
    shopId: e.shopId,
    workHours: e.workHours ?? null,
  };
}

/** The form's rule for 工作时间: each day's ranges in order, not overlapping, each ending after it starts. */
const hoursRule = {
  validator: async (_r: unknown, v: WeeklyHours | null | undefined) => {
    const p = weekProblem(v);
    if (p) throw new Error(p);
  },
};

/** The server's refusal of new hours that leave assigned orders outside them (asked again with the list). */
const HOURS_REFUSAL = /请先改派，或确认后再保存/;

/** 新增员工 (/xinzengyuangong), and editing one (/xinzengyuangong?id=). Rules come from the server's schema. */
export default function EmployeeFormPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || 0;
  const editing = id > 0;
  const existing = useEmployee(id);
  const { data: init } = useQuery(initPcQuery);
  const categoryTree = useServiceCategoryTree();
  const tree = categoryTree.data;
  const { add, edit } = useEmployeeMutations();
  const [form] = Form.useForm<FormValues>();
  /** New weekly hours that leave assigned orders outside them: the body waiting for 确认修改, then the saved state. */
  const [conflict, setConflict] = useState<{
    orders: HoursConflictOrder[];
    body: EmployeeInput;
    saved: boolean;
  } | null>(null);
  const shops = init?.allDianpu ?? [];
  const shopId = Form.useWatch('shopId', form) as number | undefined;
  const shopHours = useShopHours(shopId ?? (editing ? existing.data?.shopId : init?.curDianpu?.id));
  // A new employee starts from her shop's default weekly hours (排班), until the hours are edited by hand.
  const defaultHours = shopHours.data?.defaultWorkHours;
  useEffect(() => {
    if (editing || defaultHours === undefined || form.isFieldTouched('workHours')) return;
    form.setFieldValue('workHours', defaultHours);
  }, [editing, defaultHours, form]);
  const treeData = useMemo(
    () =>
      (tree ?? []).map((p) => ({
        title: p.name,
        value: p.id,
        children: p.children?.map((ch) => ({ title: ch.name, value: ch.id })),
      })),
    [tree],
  );

  if (!editing && !hasPerm('merchant:employee:add'))
    return <Result status="403" title="没有访问权限" subTitle="您没有新增员工的权限，请联系管理员。" />;
  if (editing && !hasPerm('merchant:employee:edit'))
    return <Result status="403" title="没有访问权限" subTitle="您没有编辑员工的权限，请联系管理员。" />;
  if (editing && existing.isError && !isNotFound(existing.error))
    return <QueryError error={existing.error} onRetry={existing.refetch} />;
  if (editing && existing.isError)
    return (
      <Result
        status="404"
        title="员工不存在"
        extra={<Button onClick={() => navigate(pagePath('merchant.employee.list'))}>返回员工列表</Button>}
      />
    );
  if (!init || (editing && !existing.data))
    return (
      <Card>
        <Skeleton active paragraph={{ rows: 10 }} />
      </Card>
    );

  const initial: Partial<FormValues> =
    editing && existing.data
      ? toForm(existing.data)
      : {
          gender: 2,
          workYears: 0,
          skills: [],
          fuwuIds: [],
          certificates: [],
          shopId: init?.curDianpu?.id,
          workHours: null,
        };

  /** A valid ID number fills in the birth date and gender when they are still empty. */
  const onIdCardBlur = () => {
    const v = (form.getFieldValue('idCardNo') as string | undefined)?.trim().toUpperCase();
    const facts = v ? idCardFacts(v) : null;
    if (!facts) return;
    if (!form.getFieldValue('birthDate')) form.setFieldValue('birthDate', dayjs(facts.birthDate));
    if (!editing) form.setFieldValue('gender', facts.gender);
  };

  const submit = async (v: FormValues) => {
    const body: EmployeeInput = {
      ...v,
      name: v.name.trim(),
      birthDate: v.birthDate ? v.birthDate.format('YYYY-MM-DD') : '',
      idCardNo: v.idCardNo?.trim() ?? '',
      avatarUrl: v.avatarUrl ?? '',
      idCardFrontUrl: v.idCardFrontUrl ?? '',
      idCardBackUrl: v.idCardBackUrl ?? '',
      nativePlace: v.nativePlace ?? '',
      intro: v.intro ?? '',
      skills: v.skills ?? [],
      fuwuIds: v.fuwuIds ?? [],
      certificates: (v.certificates ?? []).map((x) => ({
        name: x.name.trim(),
        imageUrl: x.imageUrl.trim(),
        expireAt: x.expireAt ? x.expireAt.format('YYYY-MM-DD') : null,
      })),
      // Untouched on a new employee whose shop could not be read: absent, so the server gives the shop's default.
      // The shop's business hours travel as '' (a form body leaves null out, which would mean "unchanged").
      workHours:
        !editing && !form.isFieldTouched('workHours') && shopHours.data === undefined
          ? undefined
          : (v.workHours ?? ('' as unknown as null)),
    };
    // Changed weekly hours are checked against her assigned orders first: any left outside them are shown and the
    // change waits for 确认修改. A failed check does not block: the server refuses such a save itself.
    const hours = v.workHours ?? null;
    if (editing && JSON.stringify(hours) !== JSON.stringify(existing.data?.workHours ?? null)) {
      const orders = await checkHours(id, hours).then(
        (r) => r.orders,
        () => [],
      );
      if (orders.length) {
        setConflict({ orders, body, saved: false });
        return;
      }
    }
    await save(body, false);
  };

  const save = async (body: EmployeeInput, confirmHours: boolean) => {
    try {
      if (editing) await edit.mutateAsync({ ...body, id, ...(confirmHours && { confirmHours: true }) });
      else await add.mutateAsync(body);
      if (confirmHours) setConflict((c) => c && { ...c, saved: true });
      else navigate(pagePath('merchant.employee.list'));
    } catch (err) {
      // An order assigned since the check: ask again, with the list as it is now.
      if (editing && !confirmHours && err instanceof ApiError && err.code === 2004 && HOURS_REFUSAL.test(err.message)) {
        const orders = await checkHours(id, (form.getFieldValue('workHours') as WeeklyHours | null) ?? null).then(
          (r) => r.orders,
          () => [],
        );
        if (orders.length) return setConflict({ orders, body, saved: false });
      }
      // The form keeps what was typed; the reason is shown at its field when it names one.
      showSaveRefusal(form, FORM_NAME, err, refusalField);
    }
  };

  return (
    <Card title={editing ? `编辑员工：${existing.data?.name ?? ''}` : '新增员工'} className="jz-card">
      <Form<FormValues>
        form={form}
        name={FORM_NAME}
        layout="horizontal"
        labelCol={{ flex: '110px' }}
        initialValues={initial}
        onFinish={submit}
        // The first error in page order, focused, and a message saying so.
        onFinishFailed={({ errorFields }) => focusFirstError(form, FORM_NAME, errorFields)}
      >
        <Typography.Title level={5}>基本信息</Typography.Title>
        <Row gutter={24}>
          <Col span={12}>
            <Form.Item name="name" label="姓名" required rules={[zodRule(f.name)]}>
              <Input maxLength={20} placeholder="请输入姓名" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="phone" label="手机号" required rules={[zodRule(f.phone)]}>
              <Input maxLength={11} placeholder="11 位手机号，本商家内不可重复" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="idCardNo"
              label="身份证号"
              // Optional (staff are often added before their papers); a number typed is checked and stored sealed.
              rules={[zodRule(employeeEdit.shape.idCardNo)]}
              extra={
                editing && existing.data?.idCardNo
                  ? `已登记 ${existing.data.idCardNo}，不修改请留空`
                  : '可暂不填写，收到证件后补充；填写后将自动识别出生日期和性别'
              }
            >
              <Input
                maxLength={18}
                placeholder={editing && existing.data?.idCardNo ? '不修改请留空' : '18 位身份证号（选填）'}
                onBlur={onIdCardBlur}
              />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="gender" label="性别" required>
              <Radio.Group
                options={[
                  { label: '男', value: 1 },
                  { label: '女', value: 2 },
                ]}
              />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="birthDate" label="出生日期">
              <DatePicker
                style={{ width: '100%' }}
                disabledDate={(d) => d.isAfter(pickerNow(), 'day')}
                placeholder="请选择出生日期"
              />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="nativePlace" label="籍贯" rules={[{ max: 50, message: '籍贯最多 50 个字' }]}>
              <NativePlaceInput />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="workYears" label="工作年限" rules={[zodRule(f.workYears)]}>
              <InputNumber min={0} max={60} precision={0} suffix="年" style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="shopId" label="所属店铺" required rules={[{ required: true, message: '请选择所属店铺' }]}>
              <Select placeholder="请选择所属店铺" options={shops.map((s) => ({ label: s.name, value: s.id }))} />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="avatarUrl" label="头像" rules={[zodRule(f.avatarUrl)]}>
              <ImageUpload rootPath="employee" label="上传头像" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="idCardFrontUrl" label="身份证人像面" rules={[zodRule(f.idCardFrontUrl)]}>
              <ImageUpload rootPath="employee/idcard" label="人像面" size={140} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="idCardBackUrl" label="身份证国徽面" rules={[zodRule(f.idCardBackUrl)]}>
              <ImageUpload rootPath="employee/idcard" label="国徽面" size={140} />
            </Form.Item>
          </Col>
        </Row>

        <Typography.Title level={5}>技能与服务</Typography.Title>
        <Form.Item
          name="skills"
          label="技能"
          rules={[zodRule(f.skills)]}
          extra={`输入后回车或移开焦点即添加，最多 ${MAX_SKILLS} 个`}
        >
          <TagInput max={MAX_SKILLS} maxLength={20} placeholder="如：日常保洁" addText="添加技能" />
        </Form.Item>
        <Form.Item name="fuwuIds" label="服务类目">
          <TreeSelect
            treeData={treeData}
            multiple
            treeCheckable
            showCheckedStrategy={TreeSelect.SHOW_ALL}
            {...selectStates(categoryTree, { placeholder: '请选择可提供的服务类目' })}
            allowClear
            treeDefaultExpandAll
          />
        </Form.Item>

        <Typography.Title level={5}>工作时间</Typography.Title>
        <Form.Item
          name="workHours"
          label="每周排班"
          rules={[hoursRule]}
          extra="派单、推荐和顾客可约时段按此计算；某一天的调整请到「员工排班」设置"
        >
          <WeeklyHoursEditor shopHoursLabel={shopHours.data?.businessHours?.replace('-', '–') ?? '未设置则不限'} />
        </Form.Item>

        <Typography.Title level={5}>证书</Typography.Title>
        <Form.List name="certificates">
          {(fields, { add: addRow, remove }) => (
            <>
              {fields.map(({ key, name, ...rest }) => (
                <Space key={key} align="start" style={{ display: 'flex', marginLeft: 110 }}>
                  <Form.Item
                    {...rest}
                    name={[name, 'name']}
                    style={{ width: 200 }}
                    validateFirst
                    dependencies={[['certificates', name, 'imageUrl']]}
                    rules={certRules(form, name).name}
                  >
                    <Input
                      placeholder="证书名称，如：健康证"
                      maxLength={50}
                      style={{ width: 200 }}
                      aria-label="证书名称"
                    />
                  </Form.Item>
                  <Form.Item
                    {...rest}
                    name={[name, 'imageUrl']}
                    dependencies={[['certificates', name, 'name']]}
                    rules={certRules(form, name).image}
                  >
                    <ImageUpload rootPath="employee/cert" label="证书图片" size={72} />
                  </Form.Item>
                  <Form.Item {...rest} name={[name, 'expireAt']}>
                    <DatePicker placeholder="有效期至（不填为长期）" style={{ width: 200 }} aria-label="有效期至" />
                  </Form.Item>
                  <MinusCircleOutlined aria-label="移除证书" onClick={() => remove(name)} />
                </Space>
              ))}
              <Form.Item style={{ marginLeft: 110 }}>
                <Button
                  type="dashed"
                  icon={<PlusOutlined />}
                  disabled={fields.length >= MAX_CERTIFICATES}
                  onClick={() => addRow({ name: '', imageUrl: '', expireAt: null })}
                >
                  添加证书
                </Button>
              </Form.Item>
            </>
          )}
        </Form.List>

        <Typography.Title level={5}>其他</Typography.Title>
        <Form.Item name="intro" label="个人简介">
          <Input.TextArea rows={3} maxLength={500} showCount placeholder="经验、特长、服务评价等" />
        </Form.Item>

        <Form.Item style={{ marginLeft: 110 }}>
          <Space>
            <Button type="primary" htmlType="submit" loading={add.isPending || edit.isPending}>
              保 存
            </Button>
            <Button onClick={() => navigate(pagePath('merchant.employee.list'))}>取 消</Button>
          </Space>
        </Form.Item>
      </Form>
      <LazyHoursConflictDialog
        name={existing.data?.name ?? ''}
        orders={conflict?.orders ?? []}
        open={!!conflict}
        saved={!!conflict?.saved}
        saving={edit.isPending}
        onConfirm={() => conflict && void save(conflict.body, true)}
        onCancel={() => setConflict(null)}
        onDone={() => navigate(pagePath('merchant.employee.list'))}
      />
    </Card>
  );
}
