import { staffApi } from '@jz/contracts/api/staff';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import './mobile-render.ts';
import { setStaffTransport } from './api/client.ts';
import { StaffApp } from './StaffApp.tsx';
import { steps } from './store.ts';
import { fakeStaffApi, job } from './testing.ts';

/** The staff page with real antd-mobile: sign-in, the jobs, the steps, the phone. */
const employee = {
  id: 3,
  name: '张阿姨',
  phoneMasked: '139****0001',
  merchantName: '示例家政',
  shopId: 1,
  shopName: '盐湖店',
  avatarUrl: null,
};
const session = (alsoMerchantUser = false) => ({
  result: { token: 'staff-token-1', expiresAt: '2026-12-08T00:00:00Z', employee, alsoMerchantUser },
});

function open(path: string) {
  window.history.replaceState(null, '', path);
  return render(<StaffApp />);
}
const signIn = () => {
  localStorage.setItem('jz-staff-token', 'staff-token-1');
  localStorage.setItem('jz-staff-employee', JSON.stringify(employee));
};

beforeEach(() => {
  localStorage.clear();
  steps.clear();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-12-01T00:30:00Z')); // 08:30 in Shanghai, Tuesday
});
afterEach(() => {
  vi.useRealTimers();
  setStaffTransport(undefined);
});

describe('sign-in', () => {
  it('asks for a code (60 s countdown), signs in, keeps its own token, offers the console to a merchant user', async () => {
    const api = fakeStaffApi([
      [staffApi.sendCode, { result: null }],
      [staffApi.login, session(true)],
      [staffApi.jobs, { result: { from: '2026-12-01', to: '2026-12-01', jobs: [] } }],
    ]);
    const user = userEvent.setup();
    open('/staff/jobs/3');
    await user.click(await screen.findByRole('button', { name: '获取验证码' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('请输入正确的 11 位手机号');
    expect(api.of(staffApi.sendCode)).toHaveLength(0);
    // One field per label, and it is the <input> itself (antd-mobile copies aria-label onto its wrapper too).
    expect(screen.getByLabelText('手机号').tagName).toBe('INPUT');
    expect(screen.getByLabelText('验证码').tagName).toBe('INPUT');
    await user.type(screen.getByLabelText('手机号'), '13935900001');
    await user.click(screen.getByRole('button', { name: '获取验证码' }));
    expect(await screen.findByRole('button', { name: /60 秒后重发/ })).toBeDisabled();
    expect(api.of(staffApi.sendCode)[0].body).toEqual({ phone: '13935900001' });
    await user.type(screen.getByLabelText('验证码'), '123456');
    await user.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByRole('button', { name: '前往商家后台' })).toBeInTheDocument();
    expect(localStorage.getItem('jz-staff-token')).toBe('staff-token-1');
    expect(localStorage.getItem('token')).toBeNull();
    await user.click(screen.getByRole('button', { name: /进入阿姨端/ }));
    expect(await screen.findByText('暂无订单')).toBeInTheDocument();
    expect(api.of(staffApi.jobs)[0].headers.Authorization).toBe('Bearer staff-token-1');
  });

  it('shows the server refusal in Chinese', async () => {
    fakeStaffApi([[staffApi.login, { code: 2002, message: '验证码错误' }]]);
    const user = userEvent.setup();
    open('/staff/login');
    await user.type(await screen.findByLabelText('手机号'), '13935900001');
    await user.type(screen.getByLabelText('验证码'), '654321');
    await user.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('验证码错误');
    expect(localStorage.getItem('jz-staff-token')).toBeNull();
  });
});

describe('jobs', () => {
  it('lists the day in time order with window, service, address, notes and the map link', async () => {
    signIn();
    fakeStaffApi([
      [
        staffApi.jobs,
        {
          result: {
            from: '2026-12-01',
            to: '2026-12-01',
            jobs: [
              job(2, { startsAt: '2026-12-01T06:00:00.000Z', endsAt: '2026-12-01T08:00:00.000Z', step: 'departed' }),
              job(1),
            ],
          },
        },
      ],
    ]);
    open('/staff/');
    const cards = await screen.findAllByRole('article');
    expect(cards.map((c) => c.getAttribute('data-order-id'))).toEqual(['1', '2']);
    const first = within(cards[0]);
    expect(first.getByText('09:00–12:00')).toBeInTheDocument();
    expect(first.getByText('日常保洁 · 61–90㎡（85 平方米）')).toBeInTheDocument();
    expect(first.getByText('待出发')).toBeInTheDocument();
    expect(first.getByText(/门禁 1234#/)).toBeInTheDocument();
    expect(first.getByText(/家里有猫/)).toBeInTheDocument();
    expect(first.getByRole('link', { name: '地图导航' })).toHaveAttribute(
      'href',
      expect.stringContaining('https://uri.amap.com/marker?position=111.0069,35.0263&name='),
    );
    expect(within(cards[1]).getByText('14:00–16:00')).toBeInTheDocument();
    expect(within(cards[1]).getByText('已出发')).toBeInTheDocument();
  });

  it('本周 asks for Monday–Sunday and groups the jobs under their days', async () => {
    signIn();
    const api = fakeStaffApi([
      [
        staffApi.jobs,
        {
          result: {
            from: '2026-11-30',
            to: '2026-12-06',
            jobs: [job(5, { startsAt: '2026-12-02T02:00:00.000Z', endsAt: '2026-12-02T04:00:00.000Z' }), job(4)],
          },
        },
      ],
    ]);
    open('/staff/?tab=week');
    expect(await screen.findByRole('heading', { name: '今天 周二' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '明天 周三' })).toBeInTheDocument();
    expect(api.of(staffApi.jobs)[0].url).toBe('/api/staff/jobs');
    const regions = screen.getAllByRole('region');
    expect(within(regions[0]).getByText('09:00–12:00')).toBeInTheDocument();
    expect(within(regions[1]).getByText('10:00–12:00')).toBeInTheDocument();
  });

  it('another tab never shows the jobs of the one before while its own answer is missing', async () => {
    signIn();
    const api = fakeStaffApi([[staffApi.jobs, { result: { from: '2026-12-01', to: '2026-12-01', jobs: [job(1)] } }]]);
    open('/staff/');
    await screen.findByRole('article');
    api.setOffline(true); // 明日 was never synced: nothing to show but the failure
    await userEvent.setup().click(screen.getByRole('tab', { name: '明日' }));
    expect(await screen.findByText('加载失败')).toBeInTheDocument();
    expect(screen.queryByRole('article')).toBeNull();
  });

  it('offline: shows the last synced list with the banner', async () => {
    signIn();
    const api = fakeStaffApi([[staffApi.jobs, { result: { from: '2026-12-01', to: '2026-12-01', jobs: [job(1)] } }]]);
    const first = open('/staff/');
    await screen.findByRole('article');
    first.unmount();
    api.setOffline(true);
    open('/staff/');
    expect(await screen.findByText(/离线：显示上次同步的数据/)).toBeInTheDocument();
    expect(screen.getByRole('article')).toHaveAttribute('data-order-id', '1');
  });
});

describe('job detail', () => {
  const detail = (patch: Parameters<typeof job>[1]) => fakeStaffApi([[staffApi.job, { result: job(1, patch) }]]);

  it.each([
    ['assigned', '出发'],
    ['departed', '到达打卡'],
    ['arrived', '开始服务'],
    ['serving', '完成服务'],
  ] as const)('step %s offers %s', async (step, button) => {
    signIn();
    detail({ step });
    open('/staff/jobs/1');
    expect(await screen.findByRole('button', { name: button })).toBeInTheDocument();
    for (const other of ['出发', '到达打卡', '开始服务', '完成服务'].filter((b) => b !== button))
      expect(screen.queryByRole('button', { name: other })).toBeNull();
  });

  it('a finished job offers no step and shows each step time', async () => {
    signIn();
    detail({
      step: 'done',
      departedAt: '2026-12-01T00:40:00Z',
      arrivedAt: '2026-12-01T00:58:00Z',
      arrivalDistanceM: 820,
      arrivalFlag: 'far',
      startedAt: '2026-12-01T01:01:00Z',
      finishedAt: '2026-12-01T04:02:00Z',
    });
    open('/staff/jobs/1');
    expect(await screen.findByText('08:40')).toBeInTheDocument();
    expect(screen.getByText('08:58')).toBeInTheDocument();
    expect(screen.getByText(/距地址 820 米，超出打卡范围/)).toBeInTheDocument();
    expect(screen.getByText('12:02')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /出发|到达|开始服务|完成服务/ })).toBeNull();
  });

  it('拨打电话 only when callable; it reveals the number (recorded by the server) and dials', async () => {
    signIn();
    detail({ phoneCallable: false });
    const r = open('/staff/jobs/1');
    expect(await screen.findByText('138****0001')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '拨打电话' })).toBeNull();
    r.unmount();
    const api = fakeStaffApi([
      [staffApi.job, { result: job(1, { phoneCallable: true }) }],
      [staffApi.revealPhone, { result: { phone: '13800000001' } }],
    ]);
    open('/staff/jobs/1');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: '拨打电话' }));
    expect(await screen.findByText('13800000001')).toBeInTheDocument();
    expect(api.of(staffApi.revealPhone)).toHaveLength(1);
  });

  it('出发 offline is shown as 待同步 and goes out once when the connection returns', async () => {
    signIn();
    const api = fakeStaffApi([
      [staffApi.job, { result: job(1) }],
      [staffApi.depart, (c) => ({ result: job(1, { step: 'departed', departedAt: String(c.body?.at) }) })],
    ]);
    open('/staff/jobs/1');
    const user = userEvent.setup();
    const go = await screen.findByRole('button', { name: '出发' });
    api.setOffline(true);
    await user.click(go);
    expect(await screen.findByText('待同步')).toBeInTheDocument();
    expect(screen.getByText('08:30（待同步）')).toBeInTheDocument();
    api.setOffline(false);
    await act(async () => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(screen.queryByText('待同步')).toBeNull());
    expect(api.of(staffApi.depart)).toHaveLength(1);
    expect(api.of(staffApi.depart)[0].body?.at).toBe('2026-12-01T00:30:00.000Z');
  });

  it('开始服务 checks the 12-digit code before sending', async () => {
    signIn();
    const api = fakeStaffApi([
      [staffApi.job, { result: job(1, { step: 'arrived', arrivedAt: '2026-12-01T00:58:00Z' }) }],
      [staffApi.start, { result: job(1, { step: 'serving', startedAt: '2026-12-01T01:00:00Z' }) }],
    ]);
    open('/staff/jobs/1');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('顾客核销码'), '1234');
    await user.click(screen.getByRole('button', { name: '开始服务' }));
    expect(await screen.findByText('核销码为 12 位数字')).toBeInTheDocument();
    expect(api.of(staffApi.start)).toHaveLength(0);
    await user.type(screen.getByLabelText('顾客核销码'), '56789012');
    await user.click(screen.getByRole('button', { name: '开始服务' }));
    await waitFor(() => expect(api.of(staffApi.start)).toHaveLength(1));
    expect(api.of(staffApi.start)[0].body).toMatchObject({ code: '123456789012' });
  });

  it('完成服务 uploads the photo, sends its address and the note after the confirmation', async () => {
    signIn();
    URL.createObjectURL = vi.fn(() => 'blob:preview');
    const api = fakeStaffApi([
      [staffApi.job, { result: job(1, { step: 'serving', startedAt: '2026-12-01T01:00:00Z' }) }],
      [staffApi.upload, { result: { url: '/upload/job/1.jpg' } }],
      [staffApi.finish, { result: job(1, { step: 'done', finishedAt: '2026-12-01T04:00:00Z' }) }],
    ]);
    open('/staff/jobs/1');
    // The confirmation dialog opens with an animation that keeps pointer-events off under jsdom.
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    await screen.findByRole('button', { name: '完成服务' });
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'done.png', { type: 'image/png' });
    await user.upload(document.querySelector<HTMLInputElement>('input[type="file"]')!, file);
    await waitFor(() => expect(api.of(staffApi.upload)).toHaveLength(1));
    const note = screen.getByLabelText('完成备注');
    expect(note.tagName).toBe('TEXTAREA');
    await user.type(note, '已清洁厨房');
    await user.click(screen.getByRole('button', { name: '完成服务' }));
    await user.click(await screen.findByRole('button', { name: '确认完成' }));
    await waitFor(() => expect(api.of(staffApi.finish)).toHaveLength(1));
    expect(api.of(staffApi.finish)[0].body).toMatchObject({ photos: ['/upload/job/1.jpg'], note: '已清洁厨房' });
    expect(await screen.findByText('已完成')).toBeInTheDocument();
  });
});

describe('leave request', () => {
  it('sends the times typed as Shanghai wall time and the reason, then lists the request', async () => {
    signIn();
    const request = {
      id: 9,
      employeeId: 3,
      employeeName: '张阿姨',
      from: '2026-12-02T00:00:00.000Z',
      to: '2026-12-02T10:00:00.000Z',
      reason: '家里有事',
      status: 0,
      reply: null,
      decidedAt: null,
      createdAt: '2026-12-01T00:30:00.000Z',
    };
    let sent = false;
    const api = fakeStaffApi([
      [staffApi.schedule, () => ({ result: { days: [], requests: sent ? [request] : [] } })],
      [
        staffApi.requestLeave,
        () => {
          sent = true;
          return { result: request };
        },
      ],
    ]);
    open('/staff/leave');
    const user = userEvent.setup();
    const reason = await screen.findByLabelText('请假原因');
    expect(reason.tagName).toBe('TEXTAREA');
    expect(screen.getByLabelText('开始时间')).toHaveValue('2026-12-02T08:00');
    await user.type(reason, '家里有事');
    await user.click(screen.getByRole('button', { name: '提交申请' }));
    await waitFor(() => expect(api.of(staffApi.requestLeave)).toHaveLength(1));
    expect(api.of(staffApi.requestLeave)[0].body).toEqual({
      from: '2026-12-02T00:00:00.000Z',
      to: '2026-12-02T10:00:00.000Z',
      reason: '家里有事',
    });
    expect(await screen.findByText('待审批')).toBeInTheDocument();
  });
});

describe('我的', () => {
  it('shows her details as the server answers them now, and keeps them for the next visit', async () => {
    signIn();
    fakeStaffApi([[staffApi.me, { result: { ...employee, name: '张桂兰', shopName: '河东店' } }]]);
    open('/staff/me');
    expect(await screen.findByText('张桂兰')).toBeInTheDocument();
    expect(screen.getByText('示例家政 · 河东店')).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('jz-staff-employee') ?? '{}').name).toBe('张桂兰');
  });
});
