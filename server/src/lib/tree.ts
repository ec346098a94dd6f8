/** A row with its children nested; a leaf carries no `children` key (the web's tree widgets expand on its presence). */
export type TreeNode<T> = Omit<T, 'children'> & { children?: TreeNode<T>[] };

export interface TreeOptions<T> {
  /** The row's own key (default `id`). */
  id?: keyof T;
  /** The key naming the parent's id (default `parentId`); null, or an id not in the rows, makes a root. */
  parentId?: keyof T;
  /** Sibling order; without it, siblings keep the rows' order. */
  compare?: (a: T, b: T) => number;
}

/** Menus, categories and other tables with a `sort` column: by sort, then id. */
export const bySortThenId = (a: { sort: number; id: number }, b: { sort: number; id: number }) =>
  a.sort - b.sort || a.id - b.id;

/**
 * Nests flat rows by their parent key. Every row appears exactly once: a row whose parent is absent (an orphan, or a
 * filtered-out ancestor) becomes a root, and a loop of parents (bad data) is cut where closing it would make a cycle,
 * that row becoming a root. The rows are copied, never changed.
 */
export function buildTree<T extends object>(rows: readonly T[], options: TreeOptions<T> = {}): TreeNode<T>[] {
  const idKey = options.id ?? ('id' as keyof T);
  const parentKey = options.parentId ?? ('parentId' as keyof T);
  const ordered = options.compare ? [...rows].sort(options.compare) : rows;
  const nodes = new Map<unknown, TreeNode<T>>();
  for (const r of ordered) nodes.set(r[idKey], { ...r, children: [] } as TreeNode<T>);
  // The parent each node was attached to so far: following it always ends at a root, so the walk below terminates.
  const attachedTo = new Map<TreeNode<T>, TreeNode<T>>();
  const roots: TreeNode<T>[] = [];
  for (const r of ordered) {
    const node = nodes.get(r[idKey])!;
    const parent = r[parentKey] == null ? undefined : nodes.get(r[parentKey]);
    let up = parent;
    while (up && up !== node) up = attachedTo.get(up);
    if (parent && up !== node) {
      parent.children!.push(node);
      attachedTo.set(node, parent);
    } else roots.push(node);
  }
  for (const n of nodes.values()) if (!n.children!.length) delete n.children;
  return roots;
}
