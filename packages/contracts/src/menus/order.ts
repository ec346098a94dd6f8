import { type MenuSeed, menuButton } from '../menu.ts';

/** The merchant scope's buttons. */
const btn = (key: string, name: string, sort: number, perms: string) => menuButton(key, name, sort, perms, 'merchant');

const page = (
  key: string,
  name: string,
  sort: number,
  icon: string,
  routerUrl: string,
  perms: string,
  children: MenuSeed[],
): MenuSeed => ({
  key,
  name,
  type: 'ZICAIDAN',
  scope: 'merchant',
  sort,
  icon,
  routerUrl,
  component: key,
  perms,
  children,
});

/**
 * 订单中心: orders, the live order-taking queue, service verification and reviews. Each page's buttons carry
 * the codes its actions need, so a merchant role can grant exactly them. The folder was 订单管理 like its
 * first page (one name for two things).
 */
export const menus: MenuSeed[] = [
  {
    key: 'merchant.order',
    name: '订单中心',
    formerNames: ['订单管理'],
    type: 'CAIDAN',
    scope: 'merchant',
    sort: 30,
    icon: 'FileTextOutlined',
    children: [
      page('merchant.order.list', '订单管理', 1, 'UnorderedListOutlined', '/dingdanguanli', 'merchant:order:list', [
        btn('merchant.order.query', '订单详情', 1, 'merchant:order:query'),
        btn('merchant.order.assign', '指派员工', 2, 'merchant:order:assign'),
        btn('merchant.order.cancel', '取消订单', 3, 'merchant:order:cancel'),
        btn('merchant.order.confirm', '确认完成', 4, 'merchant:order:confirm'),
        btn('merchant.order.export', '导出订单', 5, 'merchant:order:export'),
        btn('merchant.order.dakuan', '结算打款', 6, 'merchant:order:dakuan'),
      ]),
      page('merchant.order.taking', '订单接单', 2, 'BellOutlined', '/dingdanjiedan', 'merchant:order:taking', [
        btn('merchant.order.takingAssign', '接单派员', 1, 'merchant:order:assign'),
      ]),
      page(
        'merchant.order.verify',
        '验券管理',
        3,
        'SafetyCertificateOutlined',
        '/yanquanguanli',
        'merchant:order:verify',
        [],
      ),
      page(
        'merchant.review.list',
        '订单评价管理',
        4,
        'CommentOutlined',
        '/dingdanpingjiaguanli',
        'merchant:review:list',
        [btn('merchant.review.reply', '回复评价', 1, 'merchant:review:reply')],
      ),
      // Who serves which home, and when (docs/dispatch.md).
      page('merchant.order.dispatch', '派单看板', 5, 'ScheduleOutlined', '/paidankanban', 'merchant:dispatch:view', [
        btn('merchant.dispatch.assign', '派单', 1, 'merchant:dispatch:assign'),
      ]),
      // 排班: the week grid of hours and dated exceptions, and the staff's leave requests (docs/dispatch.md §1). Editing
      // takes 派单's code, like the board's other writes.
      page('merchant.order.rota', '员工排班', 6, 'CalendarOutlined', '/yuangongpaiban', 'merchant:dispatch:view', []),
    ],
  },
];
