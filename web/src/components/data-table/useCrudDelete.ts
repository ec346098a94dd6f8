import { useConfirm } from '../confirm.ts';

/**
 * The delete flow shared by the CRUD lists: ask `singleText` (default 确认要删除吗?), or `batchText(n)` when several
 * rows are selected, then remove and clear the selection. Resolves false when the user cancelled.
 */
export function useCrudDelete(
  remove: (ids: number[]) => Promise<unknown>,
  batchText?: (count: number) => string,
  singleText?: string,
) {
  const { confirmDelete } = useConfirm();
  return async (ids: number[], clear?: () => void) => {
    const text = ids.length > 1 && batchText ? batchText(ids.length) : singleText;
    if (!(await confirmDelete(text))) return false;
    await remove(ids);
    clear?.();
    return true;
  };
}
