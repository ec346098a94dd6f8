import {
  businessHoursSchema,
  type LatLng,
  MAX_ARRIVAL_RADIUS_M,
  MIN_ARRIVAL_RADIUS_M,
  serviceAreaSchema,
  type ShopInfo,
  type ShopSetting,
  shopFields,
  shopPhone,
  timeSlot,
} from '@jz/contracts/shop';
import type { WeeklyHours } from '@jz/contracts/dispatch';
import { locationIssues } from '@jz/contracts/shop-location';
import { DEFAULT_ARRIVAL_RADIUS_M } from '@jz/contracts/constants/staff';
import { Form, Input, InputNumber, Switch, TreeSelect } from 'antd';
import type { Rule, RuleObject } from 'antd/es/form';
import dayjs, { type Dayjs } from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { PolygonMap } from '../../../../components/map/PolygonMap.tsx';
import { RegionCascader } from '../../../../components/region/RegionCascader.tsx';
import { TagInput } from '../../../../components/tag-input/TagInput.tsx';
import { RichTextEditor } from '../../../../components/rich-text/RichTextEditor.tsx';
import { FileUpload, ImageUpload } from '../../../../components/upload/index.ts';
import { lazyWidget } from '../../../../components/lazy-widget.tsx';
import { LazyWeeklyHoursEditor } from '../../../../components/weekly-hours/LazyWeeklyHoursEditor.tsx';
import { weekProblem } from '../../../../components/weekly-hours/weekly-hours.ts';
import { zodRule } from '../../../../lib/zod-rule.ts';
import { serviceCategoryTreeData, useServiceCategorySelectTree } from '../api/service-category.ts';
import type { ShopInput } from '../api/shop.ts';
import { LocationField, type LocationValue } from './LocationField.tsx';

// `dayjs('08:00', 'HH:mm')` below needs this plugin; antd's pickers register it too, but they load after the form.
dayjs.extend(customParseFormat);

// antd's time pickers (32 KB gzip, the page's largest part) load as the form renders, not with the page: 营业时间 is
// far down the form; meanwhile a box of the picker's size keeps the fields below in place.
const HoursRange = lazyWidget(
  () => import('./HoursRange.tsx'),
  (m) => m.HoursRange,
  <span style={{ display: 'inline-block', width: 260, height: 32, verticalAlign: 'top' }} />,
);

/** The form's own shape: region as one cascader value, hours as a time range. */
export interface ShopFormValues {
  name: string;
  logoUrl?: string | null;
  images?: string[];
  contactName?: string | null;
  phone?: string | null;
  region?: string[];
  address?: string | null;
  /** Picked on the map (or typed as a fallback): both numbers or none. */
  location?: LocationValue | null;
  serviceArea?: LatLng[] | string;
  hours?: [Dayjs, Dayjs] | null;
  fuwuIds?: number[];
  intro?: string | null;
  autoAccept?: boolean;
  newOrderSound?: boolean;
  bookingLeadHours?: number;
  serviceTimeSlots?: string[];
  /** How far (m) a clock-in may be from the order's address before the board flags it. */
  arrivalRadiusM?: number;
  /** New employees' weekly hours (排班); null = they work the business hours. */
  defaultWorkHours?: WeeklyHours | null;
}

export function toFormValues(s?: Partial<ShopInfo> | null, setting?: ShopSetting | null): Partial<ShopFormValues> {
  if (!s)
    return {
      images: [],
      fuwuIds: [],
      serviceArea: [],
      autoAccept: false,
      newOrderSound: true,
      bookingLeadHours: 2,
      serviceTimeSlots: [],
      arrivalRadiusM: DEFAULT_ARRIVAL_RADIUS_M,
    };
  const [a, b] = (s.businessHours ?? '').split('-');
  return {
    // A name waiting for review stays in the form: saving other fields must not withdraw it.
    name: s.pendingName ?? s.name,
    logoUrl: s.logoUrl,
    images: s.images ?? [],
    contactName: s.contactName,
    phone: s.phone,
    region: [s.provinceCode, s.cityCode, s.districtCode].filter((c): c is string => !!c),
    address: s.address,
    location: s.lat != null && s.lng != null ? { lat: s.lat, lng: s.lng } : null,
    serviceArea: s.serviceArea ?? [],
    hours: a && b ? [dayjs(a, 'HH:mm'), dayjs(b, 'HH:mm')] : null,
    fuwuIds: s.fuwuIds ?? [],
    intro: s.intro,
    ...(setting && {
      autoAccept: setting.autoAccept === 1,
      newOrderSound: setting.newOrderSound === 1,
      bookingLeadHours: setting.bookingLeadHours,
      serviceTimeSlots: setting.serviceTimeSlots,
      arrivalRadiusM: setting.arrivalRadiusM ?? DEFAULT_ARRIVAL_RADIUS_M,
      defaultWorkHours: setting.defaultWorkHours ?? null,
    }),
  };
}

/** Form values -> the API's fields (empty strings clear a value; the client JSON-encodes arrays). */
export function fromFormValues(v: ShopFormValues, full: boolean): ShopInput & { name: string } {
  const [p, c, d] = v.region ?? [];
  const out: ShopInput & { name: string } = {
    name: v.name,
    contactName: v.contactName ?? '',
    phone: v.phone ?? '',
    provinceCode: p ?? '',
    cityCode: c ?? '',
    districtCode: d ?? '',
    address: v.address ?? '',
    lat: (v.location?.lat ?? '') as number,
    lng: (v.location?.lng ?? '') as number,
    businessHours: v.hours?.[0] && v.hours?.[1] ? `${v.hours[0].format('HH:mm')}-${v.hours[1].format('HH:mm')}` : '',
    fuwuIds: v.fuwuIds ?? [],
  };
  if (!full) return out;
  return {
    ...out,
    logoUrl: v.logoUrl ?? '',
    images: (v.images ?? []).filter(Boolean),
    serviceArea: (Array.isArray(v.serviceArea) ? v.serviceArea : []) as LatLng[],
    intro: v.intro ?? '',
    autoAccept: v.autoAccept ? 1 : 0,
    newOrderSound: v.newOrderSound ? 1 : 0,
    bookingLeadHours: v.bookingLeadHours ?? 0,
    serviceTimeSlots: v.serviceTimeSlots ?? [],
    ...(v.arrivalRadiusM != null && { arrivalRadiusM: v.arrivalRadiusM }),
    // null travels as '' (a form body leaves null out, which would mean "unchanged")
    ...(v.defaultWorkHours !== undefined && {
      defaultWorkHours: v.defaultWorkHours ?? ('' as unknown as null),
    }),
  };
}

const weekRule: Rule = {
  validator: async (_r, v: WeeklyHours | null | undefined) => {
    const p = weekProblem(v);
    if (p) throw new Error(p);
  },
};

const optional = (schema: Parameters<typeof zodRule>[0]): Rule => ({
  validator: async (r, value) => {
    if (value === undefined || value === null || value === '') return;
    return (zodRule(schema) as { validator: (r: unknown, v: unknown) => Promise<void> }).validator(r, value);
  },
});

const hoursRule: Rule = {
  validator: async (_r, v: [Dayjs, Dayjs] | null) => {
    if (!v?.[0] || !v[1]) return;
    const r = businessHoursSchema.safeParse(`${v[0].format('HH:mm')}-${v[1].format('HH:mm')}`);
    if (!r.success) throw new Error(r.error.issues[0]?.message);
  },
};

const slotsRule: Rule = {
  validator: async (_r, v: string[] | undefined) => {
    for (const s of v ?? []) {
      const r = timeSlot.safeParse(s);
      if (!r.success) throw new Error(`「${s}」：${r.error.issues[0]?.message}`);
    }
  },
};

const areaRule: Rule = {
  validator: async (_r, v: unknown) => {
    if (v === undefined || v === '') return;
    if (typeof v === 'string') throw new Error('服务区域格式错误，应为 JSON 数组');
    const r = serviceAreaSchema.safeParse(v);
    if (!r.success) throw new Error(r.error.issues[0]?.message);
  },
};

/**
 * The location rule of the server (packages/contracts/src/shop-location.ts), checked as the merchant picks: half a
 * point, or a point outside the chosen province, is an error (the server refuses it too).
 */
const locationRule = ({ getFieldValue }: { getFieldValue: (n: string) => unknown }): RuleObject => ({
  validator: async (_r, v: LocationValue | null | undefined) => {
    const [provinceCode] = (getFieldValue('region') as string[] | undefined) ?? [];
    const err = locationIssues({ provinceCode, lat: v?.lat ?? null, lng: v?.lng ?? null }).find(
      (i) => i.level === 'error',
    );
    if (err) throw new Error(err.message);
  },
});

/** A point outside the shop's own service area: a warning (saved anyway, flagged to the platform's audit). */
const areaWarning = ({ getFieldValue }: { getFieldValue: (n: string) => unknown }): RuleObject => ({
  warningOnly: true,
  validator: async (_r, v: LocationValue | null | undefined) => {
    const area = getFieldValue('serviceArea');
    if (!Array.isArray(area) || v?.lat == null || v.lng == null) return;
    const w = locationIssues({ lat: v.lat, lng: v.lng, serviceArea: area }).find((i) => i.kind === 'serviceArea');
    if (w) throw new Error(w.message);
  },
});

/**
 * The shop's fields for antd Form. `full` adds logo, images, service area, intro and the order settings (店铺信息);
 * without it, the short form of the add/branch dialogs.
 */
export function ShopFields({ full, disabled }: { full?: boolean; disabled?: boolean }) {
  const { data: tree } = useServiceCategorySelectTree();
  const form = Form.useFormInstance<ShopFormValues>();
  const region = Form.useWatch('region', form) as string[] | undefined;
  const location = Form.useWatch('location', form) as LocationValue | null | undefined;
  const area = Form.useWatch('serviceArea', form);
  const point = location?.lat != null && location.lng != null ? { lat: location.lat, lng: location.lng } : undefined;
  const s = shopFields.shape;
  return (
    <>
      <Form.Item
        name="name"
        label="店铺名称"
        validateFirst
        rules={[{ required: true, message: '请输入店铺名称' }, zodRule(s.name)]}
      >
        <Input maxLength={50} showCount placeholder="如：运城洁家家政（河东街分店）" disabled={disabled} />
      </Form.Item>
      {full && (
        <>
          <Form.Item name="logoUrl" label="店铺 Logo" rules={[optional(s.logoUrl)]}>
            <ImageUpload rootPath="shop" label="上传 Logo" disabled={disabled} />
          </Form.Item>
          <Form.Item name="images" label="店铺图片" extra="最多 9 张，每张小于 5MB">
            <FileUpload rootPath="shop" limit={9} disabled={disabled} />
          </Form.Item>
        </>
      )}
      <Form.Item name="contactName" label="联系人" rules={[{ max: 20, message: '联系人最多 20 个字' }]}>
        <Input maxLength={20} disabled={disabled} />
      </Form.Item>
      <Form.Item name="phone" label="联系电话" rules={[optional(shopPhone)]}>
        <Input maxLength={20} placeholder="手机号或座机号，如 0359-2345678" disabled={disabled} />
      </Form.Item>
      <Form.Item name="region" label="所在地区">
        <RegionCascader disabled={disabled} />
      </Form.Item>
      <Form.Item name="address" label="详细地址" rules={[{ max: 200, message: '详细地址最多 200 个字' }]}>
        <Input maxLength={200} placeholder="街道、门牌号" disabled={disabled} />
      </Form.Item>
      <Form.Item
        name="location"
        label="店铺位置"
        dependencies={['region', 'serviceArea']}
        rules={[locationRule, areaWarning]}
        extra={disabled ? undefined : '顾客按此位置查找附近的店铺；须在所选地区范围内'}
      >
        <LocationField
          region={region}
          area={full && Array.isArray(area) ? area : undefined}
          disabled={disabled}
          height={full ? 340 : 260}
          onRegionPick={(hit) => {
            const address = form.getFieldValue('address') as string | null | undefined;
            form.setFieldsValue({ region: hit.codes, ...(hit.rest && !address?.trim() ? { address: hit.rest } : {}) });
            // A new region may put the chosen point out of it: check again (setFieldsValue validates nothing).
            if (form.getFieldValue('location')) void form.validateFields(['location']).catch(() => undefined);
          }}
        />
      </Form.Item>
      {full && (
        <Form.Item
          name="serviceArea"
          label="服务区域"
          rules={[areaRule]}
          extra="在地图上绘制本店的服务范围：至少 3 个点，边不能交叉"
        >
          <PolygonMap height={380} center={point} marker={point} disabled={disabled} />
        </Form.Item>
      )}
      <Form.Item name="hours" label="营业时间" rules={[hoursRule]}>
        <HoursRange format="HH:mm" minuteStep={5} placeholder={['开始', '结束']} disabled={disabled} />
      </Form.Item>
      <Form.Item
        name="fuwuIds"
        label="服务类目"
        rules={[{ type: 'array', max: 50, message: '最多选择 50 个服务类目' }]}
      >
        <TreeSelect
          multiple
          treeDefaultExpandAll
          allowClear
          showSearch
          treeNodeFilterProp="title"
          placeholder="请选择本店提供的服务"
          treeData={serviceCategoryTreeData(tree)}
          disabled={disabled}
        />
      </Form.Item>
      {full && (
        <>
          <Form.Item name="intro" label="店铺介绍" rules={[{ max: 50000, message: '店铺介绍过长' }]}>
            <RichTextEditor
              rootPath="shop"
              height={280}
              disabled={disabled}
              placeholder="介绍本店的服务特色、资质与承诺"
            />
          </Form.Item>
          <Form.Item
            name="autoAccept"
            label="自动接单"
            valuePropName="checked"
            extra="开启后，新订单自动派给最空闲的员工"
          >
            <Switch checkedChildren="开" unCheckedChildren="关" disabled={disabled} />
          </Form.Item>
          <Form.Item name="newOrderSound" label="新订单提示音" valuePropName="checked">
            <Switch checkedChildren="开" unCheckedChildren="关" disabled={disabled} />
          </Form.Item>
          <Form.Item
            name="bookingLeadHours"
            label="提前预约"
            rules={[{ type: 'number', min: 0, max: 168, message: '提前预约时长为 0 到 168 小时' }]}
          >
            <InputNumber min={0} max={168} precision={0} suffix="小时" disabled={disabled} />
          </Form.Item>
          <Form.Item
            name="arrivalRadiusM"
            label="打卡范围"
            rules={[
              { required: true, message: '请输入打卡范围' },
              {
                type: 'number',
                min: MIN_ARRIVAL_RADIUS_M,
                max: MAX_ARRIVAL_RADIUS_M,
                message: `打卡范围为 ${MIN_ARRIVAL_RADIUS_M} 到 ${MAX_ARRIVAL_RADIUS_M} 米`,
              },
            ]}
            extra={`员工到达打卡时离服务地址超过这个距离，派单看板和订单详情标为「距离过远」（默认 ${DEFAULT_ARRIVAL_RADIUS_M} 米）`}
          >
            <InputNumber
              min={MIN_ARRIVAL_RADIUS_M}
              max={MAX_ARRIVAL_RADIUS_M}
              step={50}
              precision={0}
              suffix="米"
              disabled={disabled}
            />
          </Form.Item>
          <Form.Item
            name="serviceTimeSlots"
            label="服务时段"
            rules={[slotsRule, { type: 'array', max: 24, message: '最多 24 个服务时段' }]}
            extra="如 09:00-11:00，回车添加"
          >
            <TagInput max={24} maxLength={11} placeholder="09:00-11:00" addText="新增时段" disabled={disabled} />
          </Form.Item>
          <Form.Item
            name="defaultWorkHours"
            label="新员工默认排班"
            rules={[weekRule]}
            extra="新增员工时的每周工作时间从这里开始，可在员工表单中再修改"
          >
            <LazyWeeklyHoursEditor shopHoursLabel="营业时间" disabled={disabled} />
          </Form.Item>
        </>
      )}
    </>
  );
}
