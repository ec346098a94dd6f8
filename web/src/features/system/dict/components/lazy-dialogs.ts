import { lazyDialog } from '../../../../components/lazy-dialog.tsx';

// The dictionary forms load when first opened, not with the lists.
export const DictTypeForm = lazyDialog(
  () => import('./DictTypeForm.tsx'),
  (m) => m.DictTypeForm,
);
export const DictDataForm = lazyDialog(
  () => import('./DictDataForm.tsx'),
  (m) => m.DictDataForm,
);
