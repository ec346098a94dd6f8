/** lib/tree.ts: the one builder behind the menu, role-menu and service-category trees. */
import { describe, expect, it } from 'vitest';
import { buildTree, bySortThenId, type TreeNode } from '../src/lib/tree.ts';

type Row = { id: number; parentId: number | null; sort: number; name: string };
const row = (id: number, parentId: number | null, sort = 0): Row => ({ id, parentId, sort, name: `n${id}` });

/** `id(child id, …)` per node: a compact picture of a tree. */
const shape = (nodes: TreeNode<Row>[]): string =>
  nodes.map((n) => (n.children ? `${n.id}(${shape(n.children)})` : `${n.id}`)).join(',');
const ids = (nodes: TreeNode<Row>[]): number[] => nodes.flatMap((n) => [n.id, ...ids(n.children ?? [])]);

describe('buildTree', () => {
  it('nests by parent and leaves leaves without a children key', () => {
    const tree = buildTree([row(1, null), row(2, 1), row(3, 2), row(4, 1)]);
    expect(shape(tree)).toBe('1(2(3),4)');
    expect(tree[0].children![1]).not.toHaveProperty('children');
    expect(tree[0].children![0].children![0]).toEqual({ id: 3, parentId: 2, sort: 0, name: 'n3' });
  });

  it('orders siblings by the comparator at every level, else keeps the rows’ order', () => {
    const rows = [row(5, null, 2), row(1, null, 1), row(7, 1, 9), row(3, 1, 9), row(2, 1, 0)];
    expect(shape(buildTree(rows, { compare: bySortThenId }))).toBe('1(2,3,7),5');
    expect(shape(buildTree(rows))).toBe('5,1(7,3,2)');
  });

  it('makes an orphan (parent absent or null) a root and keeps its subtree', () => {
    const tree = buildTree([row(10, 99), row(11, 10), row(12, null)]);
    expect(shape(tree)).toBe('10(11),12');
  });

  it('cuts a loop of parents so every row appears exactly once', () => {
    const self = buildTree([row(1, 1)]);
    expect(shape(self)).toBe('1');
    const loop = buildTree([row(1, 3), row(2, 1), row(3, 2), row(4, 2)]);
    expect(ids(loop).sort()).toEqual([1, 2, 3, 4]);
    expect(shape(loop)).toBe('3(1(2(4)))');
  });

  it('takes other key names and never changes its input', () => {
    const rows = [
      { code: 'a', up: null, label: 'A' },
      { code: 'b', up: 'a', label: 'B' },
    ];
    const copy = structuredClone(rows);
    const tree = buildTree(rows, { id: 'code', parentId: 'up' });
    expect(tree).toEqual([{ code: 'a', up: null, label: 'A', children: [{ code: 'b', up: 'a', label: 'B' }] }]);
    expect(rows).toEqual(copy);
  });
});
