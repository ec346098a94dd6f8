import { crudButtons, type MenuSeed, menuButton } from '../menu.ts';

/** The merchant scope's buttons. */
const btn = (key: string, name: string, sort: number, perms: string) => menuButton(key, name, sort, perms, 'merchant');

/**
 * 店铺中心 and 商品管理, and the platform's 平台运营 folder with 店铺审核 and 服务类目.
 * 新增商品 (/shangpinAdd) and 商品详情 (/shangpinxiangqing) are web registry pages under 商品管理
 * (parentKey 'merchant.goods.list'): reached from the list, so only their buttons appear here.
 * The folder was 店铺管理 like its first page (one name for two things); 商品管理 is a top-level page (its
 * folder held only it and is deleted from existing databases by the seed).
 */
export const menus: MenuSeed[] = [
  {
    key: 'merchant.shop',
    name: '店铺中心',
    formerNames: ['店铺管理'],
    type: 'CAIDAN',
    scope: 'merchant',
    sort: 10,
    icon: 'ShopOutlined',
    children: [
      {
        key: 'merchant.shop.list',
        name: '店铺管理',
        type: 'ZICAIDAN',
        scope: 'merchant',
        sort: 1,
        icon: 'ShopOutlined',
        routerUrl: '/dianpuguanli',
        component: 'merchant.shop.list',
        perms: 'merchant:shop:list',
        children: [
          btn('merchant.shop.addBtn', '新增店铺', 1, 'merchant:shop:add'),
          btn('merchant.shop.stateBtn', '营业状态', 2, 'merchant:shop:state'),
          btn('merchant.shop.copyBtn', '复制店铺', 3, 'merchant:shop:copy'),
        ],
      },
      {
        key: 'merchant.shop.info',
        name: '店铺信息',
        type: 'ZICAIDAN',
        scope: 'merchant',
        sort: 2,
        icon: 'SolutionOutlined',
        routerUrl: '/dianpuxinxi',
        component: 'merchant.shop.info',
        perms: 'merchant:shop:info',
        children: [btn('merchant.shop.editBtn', '编辑店铺', 1, 'merchant:shop:edit')],
      },
      {
        key: 'merchant.shop.branches',
        name: '分店管理',
        type: 'ZICAIDAN',
        scope: 'merchant',
        sort: 3,
        icon: 'AppstoreOutlined',
        routerUrl: '/fendianguanli',
        component: 'merchant.shop.branches',
        perms: 'merchant:shop:branch',
      },
    ],
  },
  {
    key: 'merchant.goods.list',
    name: '商品管理',
    type: 'ZICAIDAN',
    scope: 'merchant',
    sort: 20,
    icon: 'ShoppingOutlined',
    routerUrl: '/shangpinguanli',
    component: 'merchant.goods.list',
    perms: 'merchant:goods:list',
    children: [
      btn('merchant.goods.addBtn', '新增商品', 1, 'merchant:goods:add'),
      btn('merchant.goods.editBtn', '编辑商品', 2, 'merchant:goods:edit'),
      btn('merchant.goods.shelfBtn', '上下架', 3, 'merchant:goods:shelf'),
      btn('merchant.goods.delBtn', '删除商品', 4, 'merchant:goods:del'),
    ],
  },
  {
    key: 'platform.ops',
    name: '平台运营',
    type: 'CAIDAN',
    scope: 'platform',
    sort: 100,
    icon: 'AuditOutlined',
    children: [
      {
        key: 'platform.ops.shopAudit',
        name: '店铺审核',
        type: 'ZICAIDAN',
        scope: 'platform',
        sort: 1,
        icon: 'AuditOutlined',
        routerUrl: '/platform/shop-audit',
        component: 'platform.shopAudit',
        perms: 'platform:shop:audit',
      },
      {
        key: 'platform.ops.fuwu',
        name: '服务类目',
        type: 'ZICAIDAN',
        scope: 'platform',
        sort: 2,
        icon: 'AppstoreOutlined',
        routerUrl: '/platform/fuwu',
        component: 'platform.fuwu',
        perms: 'platform:fuwu:list',
        children: crudButtons('platform.ops.fuwu', 'platform:fuwu', '类目'),
      },
    ],
  },
];
