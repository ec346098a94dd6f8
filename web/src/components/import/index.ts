export { ImportDialog, type ImportDialogProps } from './ImportDialog.tsx';
export type { ImportApi } from './import-api.ts';
