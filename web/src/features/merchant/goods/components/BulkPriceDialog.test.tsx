import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../../test/render.tsx';

/** 批量改价 with real antd; the API client is replaced: it records the posts and answers what each test scripts. */
const posts: { url: string; body: Record<string, unknown> }[] = [];
let answer: (url: string, body: Record<string, unknown>) => unknown;
vi.mock('../../../../lib/api-client.ts', () => {
  class ApiError extends Error {
    constructor(
      readonly code: number,
      message: string,
    ) {
      super(message);
    }
  }
  return {
    ApiError,
    api: {
      get: async () => ({ dataList: [] }),
      post: async (url: string, body: Record<string, unknown>) => {
        posts.push({ url, body });
        return answer(url, body);
      },
    },
  };
});
const { ApiError } = await import('../../../../lib/api-client.ts');
const { BulkPriceDialog } = await import('./BulkPriceDialog.tsx');

const line = (specId: number, name: string, oldPrice: number, newPrice: number | null, refusal: string | null) => ({
  specId,
  name,
  status: 1,
  oldPrice,
  newPrice,
  refusal,
  updatedAt: `2026-11-26T10:00:0${specId % 10}.000Z`,
});
const PREVIEW = {
  items: [
    {
      goodsId: 1,
      goodsName: '日常保洁',
      specs: [line(11, '2小时', 12000, 11000, null), line(12, '3小时', 15900, 14900, null)],
    },
    {
      goodsId: 2,
      goodsName: '擦玻璃',
      specs: [line(21, '1平方米', 500, null, '调整后价格须大于 0（原价 ¥5，调整后 -¥5）')],
    },
  ],
  changed: 2,
  refused: 1,
};
const PREVIEW_URL = '/api/app/jiazheng/shangjia/shangpin/piliangGaijia/preview';
const CONFIRM_URL = '/api/app/jiazheng/shangjia/shangpin/piliangGaijia/confirm';

function open() {
  const onDone = vi.fn();
  const onClose = vi.fn();
  renderWithProviders(<BulkPriceDialog goodsIds={[1, 2]} onClose={onClose} onDone={onDone} />);
  return { onDone, onClose };
}
const dialog = () => screen.getByRole('dialog');
const button = (name: RegExp) => within(dialog()).getByRole('button', { name });
const value = () => within(dialog()).getByLabelText('调整幅度');

vi.setConfig({ testTimeout: 60_000 });
configure({ asyncUtilTimeout: 10_000 });

beforeEach(() => {
  posts.length = 0;
  answer = (url) => (url === PREVIEW_URL ? PREVIEW : { changed: 2 });
});

describe('批量改价', () => {
  it('checks the change before previewing: required, not 0, percent limits', async () => {
    open();
    fireEvent.click(button(/预\s*览/));
    expect(await within(dialog()).findByText('请输入调整幅度')).toBeInTheDocument();
    fireEvent.change(value(), { target: { value: '0' } });
    expect(await within(dialog()).findByText('调整幅度不能为 0')).toBeInTheDocument();
    fireEvent.click(within(dialog()).getByText('按比例'));
    fireEvent.change(value(), { target: { value: '1200' } });
    expect(await within(dialog()).findByText('调整比例须在 -99.99% 至 1000% 之间，最多两位小数')).toBeInTheDocument();
    expect(posts).toEqual([]);
    expect(button(/确认改价/)).toBeDisabled();
  });

  it('previews an amount in fen, shows refusals in red and confirms only without them', async () => {
    const { onDone } = open();
    fireEvent.change(value(), { target: { value: '-10' } });
    fireEvent.click(button(/预\s*览/));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toEqual({
      url: PREVIEW_URL,
      body: { goodsIds: [1, 2], change: { mode: 'amount', value: -1000 } },
    });
    const refusal = await within(dialog()).findByText('调整后价格须大于 0（原价 ¥5，调整后 -¥5）');
    expect(refusal.closest('.ant-typography-danger')).not.toBeNull();
    expect(within(dialog()).getByText('¥110.00')).toBeInTheDocument();
    expect(within(dialog()).getByText(/有 1 个规格无法按此调整/)).toBeInTheDocument();
    expect(button(/确认改价/)).toBeDisabled();

    // only the ticked specifications: untick the refused one
    fireEvent.click(within(dialog()).getByText('仅勾选的规格'));
    const row = refusal.closest('tr') as HTMLElement;
    fireEvent.click(await within(row).findByRole('checkbox'));
    expect(await within(dialog()).findByText('将调整 2 个规格的价格。')).toBeInTheDocument();
    await waitFor(() => expect(button(/确认改价/)).toBeEnabled());
    fireEvent.click(button(/确认改价/));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(posts[1]).toEqual({
      url: CONFIRM_URL,
      body: {
        goodsIds: [1, 2],
        specIds: [11, 12],
        change: { mode: 'amount', value: -1000 },
        seen: [
          { specId: 11, updatedAt: '2026-11-26T10:00:01.000Z' },
          { specId: 12, updatedAt: '2026-11-26T10:00:02.000Z' },
        ],
      },
    });
    expect(await screen.findByText('已调整 2 个规格的价格')).toBeInTheDocument();
  });

  it('a changed value needs a new preview; a stale preview (2004) is previewed again', async () => {
    const { onDone } = open();
    const fine = { ...PREVIEW, items: PREVIEW.items.slice(0, 1), refused: 0 };
    answer = (url) => (url === PREVIEW_URL ? fine : { changed: 2 });
    fireEvent.click(within(dialog()).getByText('按比例'));
    fireEvent.change(value(), { target: { value: '10.5' } });
    fireEvent.click(button(/预\s*览/));
    await waitFor(() => expect(button(/确认改价/)).toBeEnabled());
    expect(posts[0].body).toEqual({ goodsIds: [1, 2], change: { mode: 'percent', value: 10.5 } });
    fireEvent.change(value(), { target: { value: '12' } });
    await waitFor(() => expect(button(/确认改价/)).toBeDisabled());
    fireEvent.click(button(/预\s*览/));
    await waitFor(() => expect(button(/确认改价/)).toBeEnabled());

    answer = (url) => {
      if (url === CONFIRM_URL) throw new ApiError(2004, '价格已被修改，请重新预览');
      return fine;
    };
    fireEvent.click(button(/确认改价/));
    await waitFor(() => expect(posts.map((p) => p.url)).toEqual([PREVIEW_URL, PREVIEW_URL, CONFIRM_URL, PREVIEW_URL]));
    expect(posts[3].body).toEqual({ goodsIds: [1, 2], change: { mode: 'percent', value: 12 } });
    expect(posts[2].body).not.toHaveProperty('specIds', expect.anything());
    expect(onDone).not.toHaveBeenCalled();
    expect(dialog()).toBeInTheDocument();
  });
});
