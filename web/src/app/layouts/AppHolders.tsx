import useModal from 'antd/es/modal/useModal';
import useNotification from 'antd/es/notification/useNotification';
import { useEffect } from 'react';
import type { HoldersProps } from './ConsoleApp.tsx';

/** antd's modal and notification holders (what its <App> renders), loaded by ConsoleApp after the first paint. */
export function AppHolders({ onReady }: HoldersProps) {
  const [modal, modalHolder] = useModal();
  const [notification, notificationHolder] = useNotification();
  useEffect(() => onReady({ modal, notification }), [onReady, modal, notification]);
  return (
    <>
      {modalHolder}
      {notificationHolder}
    </>
  );
}
