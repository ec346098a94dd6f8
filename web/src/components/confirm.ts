import { App } from 'antd';

/** spec §9 dialog titles. */
export const DIALOG_TITLES = {
  info: '信息提示',
  success: '成功提示',
  warning: '警告提示',
  danger: '危险提示',
} as const;

/**
 * The one confirmation helper: every destructive or state-changing action asks through it.
 * Each resolves true on OK and false on cancel.
 */
export function useConfirm() {
  const { modal } = App.useApp();
  const ask = (title: string, content: string, danger: boolean) =>
    new Promise<boolean>((resolve) => {
      modal.confirm({
        title,
        content,
        okText: '确定',
        cancelText: '取消',
        okButtonProps: danger ? { danger: true } : undefined,
        onOk: () => resolve(true),
        onCancel: () => resolve(false),
      });
    });
  return {
    confirmDelete: (content = '确认要删除吗?') => ask(DIALOG_TITLES.danger, content, true),
    confirmStatus: (content = '确定更改状态?') => ask(DIALOG_TITLES.info, content, false),
    confirmWarning: (content: string) => ask(DIALOG_TITLES.warning, content, false),
  };
}
