import { WORK_STATE, type WORK_STATES } from '@jz/contracts/employee';
import type { Certificate } from '@jz/contracts/employee';
import type { DB } from '../../../db/client.ts';
import { dayjs, nowIso, TZ } from '../../../lib/time.ts';
import { ensureDict } from '../../system/dict/dict.service.ts';
import type { DemoIds, SeedCtx } from '../../types.ts';
import { demoImage } from '../shop/demo-image.ts';
import { idCardColumns } from './employee.repo.ts';
import '../scheduling/scheduling.tables.ts';

const W = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
/** A checksum-valid mainland ID number for demo data (region + birth date + sequence). */
export function demoIdCard(region: string, birth: string, seq: number) {
  const body = `${region}${birth.replaceAll('-', '')}${String(seq).padStart(3, '0')}`;
  const sum = W.reduce((a, w, i) => a + w * Number(body[i]), 0);
  return body + '10X98765432'[sum % 11];
}

/** A demo ID number's stored columns (sealed, with its keyed hash): for other modules' demo staff. */
export const demoIdCardColumns = (region: string, birth: string, seq: number) =>
  idCardColumns(demoIdCard(region, birth, seq));

const inDays = (n: number) => dayjs().tz(TZ).add(n, 'day').format('YYYY-MM-DD');
const IMG: Record<string, [string, string]> = {
  health: ['健康证', '#52c41a'],
  'cert-a': ['家政服务员证', '#1677ff'],
  'cert-b': ['母婴护理师证', '#eb2f96'],
  'cert-c': ['电工作业证', '#fa8c16'],
  'idcard-front': ['身份证人像面', '#8c8c8c'],
  'idcard-back': ['身份证国徽面', '#8c8c8c'],
};
const img = (name: string) => demoImage(...IMG[name]);

interface DemoEmployee {
  shop: 'main' | 'branch';
  name: string;
  phone: string;
  gender: 1 | 2;
  birth: string;
  region: string;
  nativePlace: string;
  workYears: number;
  skills: string[];
  workState: (typeof WORK_STATES)[number];
  rating: number;
  completedOrders: number;
  certificates: Certificate[];
  intro: string;
}

const health = (expireIn: number): Certificate => ({
  name: '健康证',
  imageUrl: img('health'),
  expireAt: inDays(expireIn),
});

/** merchant A (运城, two shops) and merchant B (太原): free, busy, on leave and resigned employees each. */
function demoEmployeesA(): DemoEmployee[] {
  return [
    {
      shop: 'main',
      name: '张秀兰',
      phone: '13935900001',
      gender: 2,
      birth: '1978-03-12',
      region: '140802',
      nativePlace: '山西省/运城市',
      workYears: 12,
      skills: ['日常保洁', '深度保洁', '收纳整理'],
      workState: WORK_STATE.FREE,
      rating: 4.9,
      completedOrders: 326,
      certificates: [health(200), { name: '家政服务员（高级）', imageUrl: img('cert-a'), expireAt: null }],
      intro: '做事细致，擅长厨房和卫生间深度清洁。',
    },
    {
      shop: 'main',
      name: '李桂芳',
      phone: '13935900002',
      gender: 2,
      birth: '1982-07-08',
      region: '140802',
      nativePlace: '山西省/运城市',
      workYears: 8,
      skills: ['月嫂', '育儿嫂', '催乳'],
      workState: WORK_STATE.BUSY,
      rating: 4.8,
      completedOrders: 142,
      certificates: [health(12), { name: '母婴护理师', imageUrl: img('cert-b'), expireAt: inDays(400) }],
      intro: '持证月嫂，服务过 60 多个家庭。',
    },
    {
      shop: 'main',
      name: '王建国',
      phone: '13935900003',
      gender: 1,
      birth: '1975-11-20',
      region: '140821',
      nativePlace: '山西省/运城市',
      workYears: 15,
      skills: ['家电清洗', '油烟机清洗', '空调清洗'],
      workState: WORK_STATE.FREE,
      rating: 4.7,
      completedOrders: 512,
      certificates: [health(-5)],
      intro: '家电清洗老师傅，自带专业工具。',
    },
    {
      shop: 'main',
      name: '赵春梅',
      phone: '13935900004',
      gender: 2,
      birth: '1986-01-30',
      region: '140802',
      nativePlace: '山西省/运城市',
      workYears: 5,
      skills: ['养老护理', '做饭'],
      workState: WORK_STATE.LEAVE,
      rating: 4.6,
      completedOrders: 88,
      certificates: [health(90)],
      intro: '休假至月底。',
    },
    {
      shop: 'main',
      name: '孙丽',
      phone: '13935900005',
      gender: 2,
      birth: '1990-05-16',
      region: '140802',
      nativePlace: '山西省/运城市',
      workYears: 3,
      skills: ['日常保洁'],
      workState: WORK_STATE.RESIGNED,
      rating: 4.5,
      completedOrders: 40,
      certificates: [],
      intro: '已离职。',
    },
    {
      shop: 'branch',
      name: '周红霞',
      phone: '13935900006',
      gender: 2,
      birth: '1980-09-02',
      region: '140802',
      nativePlace: '河南省/三门峡市',
      workYears: 9,
      skills: ['日常保洁', '擦玻璃'],
      workState: WORK_STATE.FREE,
      rating: 4.8,
      completedOrders: 201,
      certificates: [health(25)],
      intro: '学苑路分店主力保洁。',
    },
    {
      shop: 'branch',
      name: '吴强',
      phone: '13935900007',
      gender: 1,
      birth: '1984-12-24',
      region: '140802',
      nativePlace: '山西省/运城市',
      workYears: 7,
      skills: ['管道疏通', '水电维修'],
      workState: WORK_STATE.BUSY,
      rating: 4.7,
      completedOrders: 167,
      certificates: [{ name: '低压电工作业证', imageUrl: img('cert-c'), expireAt: inDays(700) }],
      intro: '持证电工。',
    },
  ];
}

function demoEmployeesB(): DemoEmployee[] {
  return [
    {
      shop: 'main',
      name: '刘翠英',
      phone: '13935910001',
      gender: 2,
      birth: '1979-04-18',
      region: '140105',
      nativePlace: '山西省/太原市',
      workYears: 11,
      skills: ['日常保洁', '收纳整理'],
      workState: WORK_STATE.FREE,
      rating: 4.9,
      completedOrders: 288,
      certificates: [health(150)],
      intro: '太原安心家政金牌保洁。',
    },
    {
      shop: 'main',
      name: '陈志刚',
      phone: '13935910002',
      gender: 1,
      birth: '1983-08-09',
      region: '140105',
      nativePlace: '山西省/太原市',
      workYears: 6,
      skills: ['家电清洗'],
      workState: WORK_STATE.BUSY,
      rating: 4.6,
      completedOrders: 97,
      certificates: [health(20)],
      intro: '家电清洗。',
    },
    {
      shop: 'main',
      name: '杨美华',
      phone: '13935910003',
      gender: 2,
      birth: '1988-02-27',
      region: '140105',
      nativePlace: '山西省/晋中市',
      workYears: 4,
      skills: ['育儿嫂'],
      workState: WORK_STATE.LEAVE,
      rating: 4.7,
      completedOrders: 55,
      certificates: [],
      intro: '休假中。',
    },
    {
      shop: 'main',
      name: '郭海燕',
      phone: '13935910004',
      gender: 2,
      birth: '1985-10-10',
      region: '140105',
      nativePlace: '山西省/太原市',
      workYears: 2,
      skills: ['做饭'],
      workState: WORK_STATE.RESIGNED,
      rating: 4.4,
      completedOrders: 12,
      certificates: [],
      intro: '已离职。',
    },
  ];
}

export async function seedDemoEmployees(db: DB, demo: DemoIds) {
  const now = nowIso();
  // Service categories named like a skill (the fuwu module seeds the platform tree before any demo data).
  const categories = await db.selectFrom('fuwu').select(['id', 'name']).execute();
  const categoriesOf = (skills: string[]) => categories.filter((f) => skills.includes(f.name)).map((f) => f.id);
  const rows = [
    ...demoEmployeesA().map((e, i) => ({
      e,
      i,
      merchantId: demo.merchantA.id,
      shopId: e.shop === 'main' ? demo.merchantA.mainShopId : demo.merchantA.branchShopId,
    })),
    ...demoEmployeesB().map((e, i) => ({
      e,
      i: i + 50,
      merchantId: demo.merchantB.id,
      shopId: demo.merchantB.mainShopId,
    })),
  ].map(({ e, i, merchantId, shopId }) => ({
    merchantId,
    shopId,
    name: e.name,
    phone: e.phone,
    gender: e.gender,
    birthDate: e.birth,
    avatarUrl: null,
    ...idCardColumns(demoIdCard(e.region, e.birth, 100 + i * 2 + (e.gender === 1 ? 1 : 0))),
    idCardFrontUrl: img('idcard-front'),
    idCardBackUrl: img('idcard-back'),
    nativePlace: e.nativePlace,
    workYears: e.workYears,
    skills: JSON.stringify(e.skills),
    fuwuIds: JSON.stringify(categoriesOf(e.skills)),
    certificates: JSON.stringify(e.certificates),
    // 休假 is a dated leave period now (docs/dispatch.md): the demo's 休假 rows get one below and keep the
    // stored state too, which is still read as 休假 (as a database migrated by 1810 never has).
    workState: e.workState,
    rating: e.rating,
    completedOrders: e.completedOrders,
    intro: e.intro,
    deletedAt: null,
    createdAt: now,
    updatedAt: now,
  }));
  const ids = await db.insertInto('employee').values(rows).returning(['id', 'merchantId', 'phone']).execute();
  const leavePhones = new Set(
    [...demoEmployeesA(), ...demoEmployeesB()].filter((e) => e.workState === WORK_STATE.LEAVE).map((e) => e.phone),
  );
  const onLeave = ids.filter((r) => leavePhones.has(r.phone));
  const day = 86_400_000;
  if (onLeave.length)
    await db
      .insertInto('employeeLeave')
      .values(
        onLeave.map((e) => ({
          merchantId: e.merchantId,
          employeeId: e.id,
          startsAt: new Date(Date.now() - 2 * day).toISOString(),
          endsAt: new Date(Date.now() + 12 * day).toISOString(),
          reason: '回老家探亲',
          createdBy: null,
          createdAt: now,
          updatedAt: now,
        })),
      )
      .execute();
}

/** The employee dictionaries (gender, work state), in every database. */
export async function seedEmployeeDicts({ db }: SeedCtx) {
  await ensureDict(db, 'employee_gender', '员工性别', [
    { label: '男', value: '1', tag: 'blue' },
    { label: '女', value: '2', tag: 'purple' },
  ]);
  await ensureDict(db, 'employee_work_state', '员工工作状态', [
    { label: '空闲', value: '1', tag: 'success' },
    { label: '服务中', value: '2', tag: 'processing' },
    { label: '休假', value: '3', tag: 'warning' },
    { label: '离职', value: '0', tag: 'default' },
  ]);
}
