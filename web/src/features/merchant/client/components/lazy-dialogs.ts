import { lazyDialog } from '../../../../components/lazy-dialog.tsx';

// The client form (新增 / 编辑) and 服务偏好 load when first opened, not with the list or the client's page.
export const ClientForm = lazyDialog(
  () => import('./ClientForm.tsx'),
  (m) => m.ClientForm,
);
export const PrefsModal = lazyDialog(
  () => import('./PrefsModal.tsx'),
  (m) => m.PrefsModal,
);
// 新增地址 / 编辑地址 (open while its address is set): the form and AddressFields' cascader load on first use.
export const AddressModal = lazyDialog(
  () => import('./AddressModal.tsx'),
  (m) => m.AddressModal,
  (props) => props.address !== null,
);
