import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TitleFlash } from './title-flash.ts';

beforeEach(() => {
  vi.useFakeTimers();
  document.title = '订单管理 - 家政商家后台';
});
afterEach(() => vi.useRealTimers());

describe('the flashing tab title', () => {
  it('alternates the notice and the page’s title every second, and stop puts the page’s title back', () => {
    const f = new TitleFlash();
    f.start('【新订单】日常保洁');
    expect(f.flashing).toBe(true);
    expect(document.title).toBe('【新订单】日常保洁');
    vi.advanceTimersByTime(1000);
    expect(document.title).toBe('订单管理 - 家政商家后台');
    vi.advanceTimersByTime(1000);
    expect(document.title).toBe('【新订单】日常保洁');
    f.stop();
    expect(f.flashing).toBe(false);
    expect(document.title).toBe('订单管理 - 家政商家后台');
    vi.advanceTimersByTime(5000);
    expect(document.title).toBe('订单管理 - 家政商家后台');
  });

  it('a new notice replaces the old one at once; a title the page sets meanwhile is the one restored', () => {
    const f = new TitleFlash();
    f.start('【新订单】A');
    f.start('【2 个新订单】B');
    expect(document.title).toBe('【2 个新订单】B');
    vi.advanceTimersByTime(1000);
    expect(document.title).toBe('订单管理 - 家政商家后台');
    document.title = '商品管理 - 家政商家后台'; // the user moved on to another page
    vi.advanceTimersByTime(1000);
    expect(document.title).toBe('【2 个新订单】B');
    f.stop();
    expect(document.title).toBe('商品管理 - 家政商家后台');
  });
});
