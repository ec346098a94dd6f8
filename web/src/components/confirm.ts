import { useAppApi } from '../lib/app-api.ts';

/** docs/spec-notes.md#constants dialog titles. */
export const DIALOG_TITLES = {
  info: '信息提示',
  success: '成功提示',
  warning: '警告提示',
  danger: '危险提示',
} as const;

export type DialogKind = keyof typeof DIALOG_TITLES;

/**
 * The one confirmation helper: every destructive or state-changing action asks through it.
 * Each resolves true on OK and false on cancel. Kinds: a delete is 危险提示 (red OK), a status change 信息提示,
 * an irreversible business step 警告提示.
 */
export function useConfirm() {
  const { modal } = useAppApi();
  const ask = (kind: DialogKind, content: string) =>
    new Promise<boolean>((resolve) => {
      modal.confirm({
        title: DIALOG_TITLES[kind],
        content,
        okText: '确定',
        cancelText: '取消',
        okButtonProps: kind === 'danger' ? { danger: true } : undefined,
        onOk: () => resolve(true),
        onCancel: () => resolve(false),
      });
    });
  return {
    confirmDelete: (content = '确认要删除吗?') => ask('danger', content),
    confirmStatus: (content = '确定更改状态?') => ask('info', content),
    confirmWarning: (content: string) => ask('warning', content),
  };
}

/**
 * The alert helpers: a single-button dialog titled by kind (成功提示 after a long action completed, 信息提示 for a
 * notice, 警告提示 for a problem the user must read, 危险提示 for a failure). Each resolves when closed.
 */
export function useAlert() {
  const { modal } = useAppApi();
  const show = (kind: DialogKind, content: string) =>
    new Promise<void>((resolve) => {
      const open = { info: modal.info, success: modal.success, warning: modal.warning, danger: modal.error }[kind];
      open({ title: DIALOG_TITLES[kind], content, okText: '确定', onOk: () => resolve(), afterClose: () => resolve() });
    });
  return {
    alertInfo: (content: string) => show('info', content),
    alertSuccess: (content: string) => show('success', content),
    alertWarning: (content: string) => show('warning', content),
    alertDanger: (content: string) => show('danger', content),
  };
}
