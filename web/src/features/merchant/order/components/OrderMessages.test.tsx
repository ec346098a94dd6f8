import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setPerms } from '../../../../lib/storage.ts';
import { renderWithProviders } from '../../../../../test/render.tsx';

/** The order drawer's 短信通知: each message with its status tag and reason, 重发 after a confirmation. */
const msg = (id: number, over: Record<string, unknown>) => ({
  id,
  channel: 'sms',
  event: 'customer_accepted',
  eventName: '已接单',
  recipientKind: 'customer',
  recipient: '139****0001',
  status: 'sent',
  reason: null,
  content: '您预约的日常保洁（11月24日 14:00）商家已接单，将由李阿姨上门服务，联系电话0359-1234567。',
  attempts: 1,
  createdAt: '2026-11-24T01:00:00.000Z',
  sentAt: '2026-11-24T01:00:05.000Z',
  nextAttemptAt: null,
  resendOf: null,
  ...over,
});
let messages = [
  msg(1, {}),
  msg(2, {
    event: 'staff_assigned',
    eventName: '新派单',
    recipientKind: 'staff',
    recipient: '李桂芳 138****0009',
    status: 'failed',
    reason: '4 次发送均失败：网关不可用',
    sentAt: null,
  }),
  msg(3, {
    event: 'customer_departed',
    eventName: '阿姨已出发',
    status: 'pending',
    reason: '免打扰时段（21:00–08:00），08:00 后发送',
    sentAt: null,
    nextAttemptAt: '2026-11-25T00:00:00.000Z',
  }),
];

const post = vi.fn(async (url: string, body: unknown) => {
  if (url.endsWith('/messages/resend')) {
    const id = Number(
      (body as URLSearchParams | Record<string, string>) instanceof URLSearchParams
        ? (body as URLSearchParams).get('id')
        : (body as Record<string, string>).id,
    );
    const made = msg(9, {
      ...messages.find((m) => m.id === id),
      id: 9,
      status: 'pending',
      resendOf: id,
      sentAt: null,
      reason: null,
    });
    messages = [...messages, made];
    return made;
  }
  throw new Error(`unexpected ${url}`);
});
vi.mock('../../../../lib/api-client.ts', () => ({
  api: {
    get: vi.fn(async (url: string) => {
      if (url.endsWith('/dingdan/messages')) return messages;
      if (url.includes('/dict/')) return { dataList: [] };
      throw new Error(`unexpected ${url}`);
    }),
    post: (url: string, body: unknown) => post(url, body),
  },
  download: vi.fn(),
}));
const { OrderMessages } = await import('./OrderMessages.tsx');

beforeEach(() => setPerms(['merchant:order:query', 'merchant:order:assign']));

describe('短信通知 on the order', () => {
  it('lists each message with its status, recipient and reason', async () => {
    renderWithProviders(<OrderMessages orderId={7} />);
    const list = await screen.findByTestId('order-messages');
    await within(list).findByText('已接单');
    expect(within(list).getByText('已发送')).toBeInTheDocument();
    expect(within(list).getByText('失败')).toBeInTheDocument();
    expect(within(list).getByText('待发送')).toBeInTheDocument();
    expect(within(list).getByText('4 次发送均失败：网关不可用')).toBeInTheDocument();
    expect(within(list).getByText('免打扰时段（21:00–08:00），08:00 后发送')).toBeInTheDocument();
    expect(within(list).getByText(/员工 李桂芳 138\*\*\*\*0009/)).toBeInTheDocument();
    expect(list.textContent).not.toMatch(/1390000000\d/);
    // a waiting message has no 重发; the sent and the failed one have
    expect(within(list).getAllByRole('button', { name: '重发' })).toHaveLength(2);
  });

  it('重发 asks first, then queues the message again and shows it', async () => {
    renderWithProviders(<OrderMessages orderId={7} />);
    const list = await screen.findByTestId('order-messages');
    await within(list).findByText('4 次发送均失败：网关不可用');
    const failedItem = within(list).getByText('新派单').closest('.jz-item-list-item') as HTMLElement;
    fireEvent.click(within(failedItem).getByRole('button', { name: '重发' }));
    expect(await screen.findByText('确定重新发送这条短信给「李桂芳 138****0009」吗？')).toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    expect(post.mock.calls[0][0]).toMatch(/\/messages\/resend$/);
    await waitFor(() => expect(within(list).getAllByText('新派单')).toHaveLength(2));
    expect(within(list).getByText('重发', { selector: '.ant-tag' })).toBeInTheDocument();
  });

  it('without the order permission to act, no 重发', async () => {
    setPerms(['merchant:order:query']);
    renderWithProviders(<OrderMessages orderId={7} />);
    const list = await screen.findByTestId('order-messages');
    await within(list).findByText('已接单');
    expect(within(list).queryByRole('button', { name: '重发' })).toBeNull();
  });
});
