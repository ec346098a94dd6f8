/**
 * Places left for a new job at a start, given the waiting (待接单) orders over it (docs/dispatch.md §6 "Capacity").
 * The waiting orders are matched to employees first, each to one who could serve it; then as many copies of the new
 * job as the rest of the free staff allows, by augmenting paths (Kuhn's algorithm: a shop has tens of employees, so
 * this costs nothing next to the queries). A waiting order that can go to someone outside the new job's free set
 * takes no place from it. Each employee takes one job of the set, a safe bound: two waiting orders that do not
 * overlap each other could share one employee, which this never assumes.
 *
 * `waiting[i]` lists the employees who could serve waiting order i; `candidates` those free for the new job.
 */
export function placesLeft(waiting: readonly (readonly number[])[], candidates: readonly number[]): number {
  const demands: (readonly number[])[] = [...waiting];
  /** employee id -> index of the demand they are matched to */
  const holder = new Map<number, number>();
  const augment = (d: number, seen: Set<number>): boolean => {
    for (const e of demands[d]) {
      if (seen.has(e)) continue;
      seen.add(e);
      const h = holder.get(e);
      if (h === undefined || augment(h, seen)) {
        holder.set(e, d);
        return true;
      }
    }
    return false;
  };
  for (let d = 0; d < waiting.length; d++) augment(d, new Set());
  let left = 0;
  // A copy that finds no augmenting path leaves the matching as it was, so the next copy (same candidates) would not
  // find one either.
  while (left < candidates.length) {
    demands.push(candidates);
    if (!augment(demands.length - 1, new Set())) break;
    left++;
  }
  return left;
}

/**
 * The most of these demands that can be served at once, each by a different employee of its list (the same augmenting
 * paths). Suggestions compare it before and after a choice: a choice that lowers it strands a waiting order.
 */
export function maxMatching(demands: readonly (readonly number[])[]): number {
  const holder = new Map<number, number>();
  const augment = (d: number, seen: Set<number>): boolean => {
    for (const e of demands[d]) {
      if (seen.has(e)) continue;
      seen.add(e);
      const h = holder.get(e);
      if (h === undefined || augment(h, seen)) {
        holder.set(e, d);
        return true;
      }
    }
    return false;
  };
  let n = 0;
  for (let d = 0; d < demands.length; d++) if (augment(d, new Set())) n++;
  return n;
}
