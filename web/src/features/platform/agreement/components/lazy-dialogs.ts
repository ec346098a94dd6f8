import { lazyDialog } from '../../../../components/lazy-dialog.tsx';

// 协议管理's form, 发布 and its versions / signatures drawers load when first opened, not with the list.
export const AgreementForm = lazyDialog(
  () => import('./AgreementForm.tsx'),
  (m) => m.AgreementForm,
);
export const VersionsDrawer = lazyDialog(
  () => import('./VersionsDrawer.tsx'),
  (m) => m.VersionsDrawer,
  (p) => p.id != null,
);
export const SignaturesDrawer = lazyDialog(
  () => import('./SignaturesDrawer.tsx'),
  (m) => m.SignaturesDrawer,
  (p) => p.agreement != null,
);
export const PublishDialog = lazyDialog(
  () => import('./PublishDialog.tsx'),
  (m) => m.PublishDialog,
  (p) => p.agreement != null,
);
