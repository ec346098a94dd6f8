import { inspect } from 'node:util';
import { assert } from 'vitest';

/**
 * Expects every element of a list to satisfy `check`, and the list not to be empty: `expect(list.every(p)).toBe(true)`
 * also holds when the query found nothing, so a broken filter or scope would pass. Names the first failing element.
 * `what` says what the list holds (e.g. 'records of shop A'), shown on failure.
 */
export function expectEvery<T>(list: readonly T[], check: (x: T, i: number) => unknown, what = 'list'): void {
  assert(Array.isArray(list), `${what}: not a list but ${inspect(list, { depth: 2 })}`);
  if (list.length === 0) assert.fail(`${what}: empty, so "every element" proves nothing`);
  const i = list.findIndex((x, k) => !check(x, k));
  if (i >= 0) assert.fail(`${what}: element ${i} of ${list.length} fails: ${inspect(list[i], { depth: 3 })}`);
}
