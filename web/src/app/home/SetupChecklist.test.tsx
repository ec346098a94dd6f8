import { render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { SetupChecklist } from './SetupChecklist.tsx';
import type { SetupProgress } from './setup-api.ts';

const OWNER_PERMS = [
  'merchant:shop:list',
  'merchant:shop:add',
  'merchant:shop:info',
  'merchant:shop:edit',
  'merchant:goods:list',
  'merchant:employee:list',
  'merchant:employee:add',
  'merchant:finance:jinjian:query',
  'merchant:agreement:sign',
];
const perms = (codes: string[]) => sessionStorage.setItem('perms', JSON.stringify(codes));

const fresh: SetupProgress = {
  shop: null,
  steps: [
    { key: 'shop', done: false, detail: '尚未创建店铺' },
    { key: 'area', done: false, detail: '请先创建店铺' },
    { key: 'goods', done: false, detail: '请先创建店铺' },
    { key: 'employee', done: false, detail: '请先创建店铺' },
    { key: 'jinjian', done: false, detail: '尚未提交进件资料' },
    { key: 'agreement', done: false, detail: '待签署《商家入驻协议》（第 2 版）' },
  ],
  done: 0,
  total: 6,
  complete: false,
};
const step = (key: string) => screen.getByTestId(`setup-step-${key}`);

beforeEach(() => perms(OWNER_PERMS));

describe('SetupChecklist (开店准备)', () => {
  it('a new merchant: six open steps with what is missing; the shop step links to 新建店铺, the shop-bound ones wait', () => {
    render(<SetupChecklist progress={fresh} />);
    expect(screen.getByTestId('setup-checklist')).toHaveTextContent('已完成 0/6');
    // The six steps get a shop ready; orders come once the platform approved it and it is open.
    expect(screen.getByTestId('setup-checklist')).toHaveTextContent('店铺通过平台审核并营业后即可接单');
    expect(screen.getByRole('progressbar', { name: '开店准备进度' })).toHaveAttribute('aria-valuenow', '0');
    expect(step('shop')).toHaveAttribute('data-done', 'false');
    expect(within(step('shop')).getByText('尚未创建店铺')).toBeInTheDocument();
    expect(within(step('shop')).getByRole('link', { name: '新建店铺' })).toHaveAttribute('href', '#/dianpuguanli');
    for (const k of ['area', 'goods', 'employee']) {
      expect(within(step(k)).queryByRole('link')).toBeNull();
      expect(within(step(k)).getAllByText('请先创建店铺')).toHaveLength(1);
    }
    expect(within(step('jinjian')).getByRole('link', { name: '去进件' })).toHaveAttribute('href', '#/yonghujinjian');
    expect(within(step('agreement')).getByRole('link', { name: '去签署' })).toHaveAttribute('href', '#/xiyixixie');
    expect(step('agreement')).toHaveTextContent('待签署《商家入驻协议》（第 2 版）');
  });

  it('ticks done steps (no link), links the rest to their pages once the shop exists', () => {
    const p: SetupProgress = {
      ...fresh,
      shop: { id: 9, name: '新开家政' },
      steps: [
        { key: 'shop', done: true, detail: '资料已完善，等待平台审核' },
        { key: 'area', done: false, detail: '尚未在地图上绘制服务范围' },
        { key: 'goods', done: true, detail: '已上架 1 个商品' },
        { key: 'employee', done: false, detail: '还没有在职员工' },
        { key: 'jinjian', done: false, detail: '进件审核中，请等待审核结果' },
        { key: 'agreement', done: true, detail: '必签协议均已签署' },
      ],
      done: 3,
    };
    render(<SetupChecklist progress={p} />);
    expect(screen.getByTestId('setup-checklist')).toHaveTextContent('已完成 3/6');
    expect(screen.getByTestId('setup-checklist')).toHaveTextContent('当前店铺：新开家政');
    for (const k of ['shop', 'goods', 'agreement']) {
      expect(step(k)).toHaveAttribute('data-done', 'true');
      expect(within(step(k)).getByText('已完成')).toBeInTheDocument();
      expect(within(step(k)).queryByRole('link')).toBeNull();
    }
    expect(within(step('area')).getByRole('link', { name: '去绘制' })).toHaveAttribute('href', '#/dianpuxinxi');
    expect(within(step('employee')).getByRole('link', { name: '添加员工' })).toHaveAttribute(
      'href',
      '#/xinzengyuangong',
    );
  });

  it('a step whose page the user may not open shows no link but whom to ask; no details from the server: the hint', () => {
    perms(['merchant:goods:list']);
    const p: SetupProgress = {
      ...fresh,
      shop: { id: 9, name: '分店' },
      steps: fresh.steps.map((s) => ({ ...s, detail: s.key === 'goods' ? '还没有商品' : null })),
    };
    render(<SetupChecklist progress={p} />);
    expect(within(step('goods')).getByRole('link', { name: '去上架' })).toHaveAttribute('href', '#/shangpinguanli');
    for (const k of ['shop', 'area', 'employee', 'jinjian', 'agreement']) {
      expect(within(step(k)).queryByRole('link')).toBeNull();
      expect(step(k)).toHaveTextContent('请联系主账号处理');
    }
    expect(step('jinjian')).toHaveTextContent('开通收款账户后才能结算和提现。');
  });

  it('disappears when every step is done', () => {
    const { container } = render(
      <SetupChecklist
        progress={{ ...fresh, steps: fresh.steps.map((s) => ({ ...s, done: true })), done: 6, complete: true }}
      />,
    );
    expect(container).toBeEmptyDOMElement();
  });
});
