import { type MenuSeed, menuButton } from '../menu.ts';

/**
 * 协议 and 消息: the merchant's agreement pages and message centre, and the platform's agreement
 * management and broadcasts under 系统管理. 协议详情 (/xieyixiangqing) is a registry page reached from 我的协议.
 */
export const menus: MenuSeed[] = [
  {
    key: 'merchant.agreement',
    name: '协议中心',
    type: 'CAIDAN',
    scope: 'merchant',
    sort: 800,
    icon: 'AuditOutlined',
    children: [
      {
        key: 'merchant.agreement.sign',
        name: '协议签署',
        type: 'ZICAIDAN',
        scope: 'merchant',
        sort: 1,
        icon: 'SolutionOutlined',
        routerUrl: '/xiyixixie',
        component: 'merchant.agreement.sign',
        perms: 'merchant:agreement:sign',
      },
      {
        key: 'merchant.agreement.mine',
        name: '我的协议',
        type: 'ZICAIDAN',
        scope: 'merchant',
        sort: 2,
        icon: 'FileTextOutlined',
        routerUrl: '/wodexieyi',
        component: 'merchant.agreement.mine',
        perms: 'merchant:agreement:list',
      },
    ],
  },
  {
    key: 'merchant.message.list',
    name: '消息管理',
    type: 'ZICAIDAN',
    scope: 'merchant',
    sort: 810,
    icon: 'BellOutlined',
    routerUrl: '/xiaoxiguanli',
    component: 'merchant.message.list',
    perms: 'merchant:message:list',
    children: [
      menuButton('merchant.message.read', '标记已读', 1, 'merchant:message:read', 'merchant'),
      menuButton('merchant.message.del', '删除消息', 2, 'merchant:message:del', 'merchant'),
    ],
  },
  {
    key: 'platform.agreement',
    parentKey: 'sys',
    name: '协议管理',
    type: 'ZICAIDAN',
    scope: 'platform',
    sort: 70,
    icon: 'AuditOutlined',
    routerUrl: '/sys/agreement',
    component: 'platform.agreement',
    perms: 'platform:agreement:list',
    children: [
      menuButton('platform.agreement.add', '新增协议', 1, 'platform:agreement:add'),
      menuButton('platform.agreement.edit', '编辑协议', 2, 'platform:agreement:edit'),
      menuButton('platform.agreement.publish', '发布/撤回协议', 3, 'platform:agreement:publish'),
      menuButton('platform.agreement.del', '删除协议', 4, 'platform:agreement:del'),
    ],
  },
  {
    key: 'platform.message.broadcast',
    parentKey: 'sys',
    name: '消息推送',
    type: 'ZICAIDAN',
    scope: 'platform',
    sort: 71,
    icon: 'NotificationOutlined',
    routerUrl: '/sys/message-broadcast',
    component: 'platform.message.broadcast',
    perms: 'platform:message:list',
    children: [menuButton('platform.message.send', '发送消息', 1, 'platform:message:send')],
  },
];
