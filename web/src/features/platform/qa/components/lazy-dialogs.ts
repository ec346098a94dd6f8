import { lazyDialog } from '../../../../components/lazy-dialog.tsx';

// 常见问题's form (its rich-text field, schema) loads when first opened, not with the list.
export const QaForm = lazyDialog(
  () => import('./QaForm.tsx'),
  (m) => m.QaForm,
);
