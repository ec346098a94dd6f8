import { describe, expect, it } from 'vitest';
import { placesLeft } from '../src/modules/merchant/scheduling/matching.ts';

/** Capacity's matching (dispatch/matching.ts): places left for a new job after the waiting orders over it. */
describe('placesLeft', () => {
  it('is the free staff when nothing waits, and nothing without free staff', () => {
    expect(placesLeft([], [1, 2, 3])).toBe(3);
    expect(placesLeft([[1]], [])).toBe(0);
  });

  it('a waiting order that someone outside the free set can serve takes no place', () => {
    // the new job (空调) only 3 can do; the waiting 开荒 order 1, 2 or 3 can: it goes to 1 or 2
    expect(placesLeft([[1, 2, 3]], [3])).toBe(1);
  });

  it('a waiting order only a free employee can serve takes their place', () => {
    expect(placesLeft([[3]], [3])).toBe(0);
    expect(placesLeft([[2], [2, 3]], [1, 2, 3])).toBe(1);
  });

  it('moves a waiting order to another employee when that frees a place (augmenting path)', () => {
    // order A matched first to 1 though it could take 2; the new job needs 1
    expect(placesLeft([[1, 2]], [1])).toBe(1);
    // chain: A(1|2), B(2|3); new job needs 1 -> A to 2, B to 3
    expect(
      placesLeft(
        [
          [1, 2],
          [2, 3],
        ],
        [1],
      ),
    ).toBe(1);
  });

  it('a waiting order nobody can serve takes no place; more waiting than staff leaves none', () => {
    expect(placesLeft([[]], [1])).toBe(1);
    expect(placesLeft([[1], [1], [1]], [1, 2])).toBe(1);
    expect(
      placesLeft(
        [
          [1, 2],
          [1, 2],
        ],
        [1, 2],
      ),
    ).toBe(0);
  });
});
