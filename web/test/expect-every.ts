import { expect } from 'vitest';

/**
 * `expect(list.every(pred)).toBe(true)` that also fails on an empty list: every() holds on nothing, so a page that
 * rendered no rows would pass the plain check.
 */
export function expectEvery<T>(list: ArrayLike<T> | Iterable<T>, pred: (item: T, index: number) => boolean) {
  const items = Array.from(list);
  expect(items.length, 'expectEvery on an empty list').toBeGreaterThan(0);
  const failing = items.findIndex((item, i) => !pred(item, i));
  expect(failing, `item ${failing} fails the check: ${String(items[failing])}`).toBe(-1);
}
