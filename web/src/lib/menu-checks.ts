import type { MenuOption } from '@jz/contracts/menu-admin';

/** Ids of nodes without children: what a Tree with linked checkboxes may be given as checked. */
export function leafIds(tree: MenuOption[]): Set<number> {
  const out = new Set<number>();
  const walk = (list: MenuOption[]) => {
    for (const m of list) {
      if (m.children?.length) walk(m.children);
      else out.add(m.id);
    }
  };
  walk(tree);
  return out;
}

/**
 * A saved role holds checked and half-checked ids. Giving parents back to a linked Tree would check every child, so
 * only the saved leaves are shown as checked; antd derives the half-checked parents again.
 */
export const checkedLeaves = (saved: number[], tree: MenuOption[]) => {
  const leaves = leafIds(tree);
  return saved.filter((id) => leaves.has(id));
};

/** What to save: the checked ids plus the half-checked parents, so a page with one granted button stays visible. */
export const toSave = (checked: number[], halfChecked: number[]) =>
  [...new Set([...checked, ...halfChecked])].sort((a, b) => a - b);
