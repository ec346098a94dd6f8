import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readAlertPrefs } from '../../../../components/order-alert/alert-prefs.ts';
import { setPerms, setUserInfo } from '../../../../lib/storage.ts';
import AlertSettingsPage from './AlertSettingsPage.tsx';

/** 提醒设置 with real antd: the two switches are stored per user; the browser's permission is asked from the switch. */
/** A stand-in for the browser's Notification API: only what the page reads. */
const FakeNotification = {
  permission: 'default' as NotificationPermission,
  requestPermission: vi.fn(async () => {
    FakeNotification.permission = 'granted';
    return FakeNotification.permission;
  }),
};

const renderPage = () =>
  render(
    <AntApp>
      <AlertSettingsPage />
    </AntApp>,
  );

beforeEach(() => {
  vi.stubGlobal('Notification', FakeNotification);
  FakeNotification.permission = 'default';
  FakeNotification.requestPermission.mockClear();
  setUserInfo({
    id: 61,
    nickName: '李运营',
    headUrl: null,
    loginName: 'li',
    phone: '13800000003',
    roleNameList: [],
    roleNames: '',
    userType: 'merchant',
    merchantId: 1,
    isOwner: false,
  });
  setPerms(['merchant:order:taking']);
});
afterEach(() => vi.unstubAllGlobals());

describe('提醒设置', () => {
  it('the sound switch is stored for this user', async () => {
    renderPage();
    const sound = screen.getByRole('switch', { name: '新订单提示音' });
    expect(sound).toBeChecked();
    fireEvent.click(sound);
    await waitFor(() => expect(sound).not.toBeChecked());
    expect(readAlertPrefs().sound).toBe(false);
    expect(JSON.parse(localStorage.getItem('jz.orderAlerts.61') ?? '{}')).toMatchObject({ sound: false });
    fireEvent.click(sound);
    await waitFor(() => expect(sound).toBeChecked());
    expect(readAlertPrefs().sound).toBe(true);
  });

  it('switching browser notifications on asks the browser (once, from the click); off is remembered', async () => {
    renderPage();
    expect(FakeNotification.requestPermission).not.toHaveBeenCalled();
    expect(screen.getByTestId('browser-permission')).toHaveTextContent('尚未允许');
    const browser = screen.getByRole('switch', { name: '浏览器通知' });
    fireEvent.click(browser); // on by default: off
    await waitFor(() => expect(browser).not.toBeChecked());
    expect(readAlertPrefs().browser).toBe(false);
    expect(FakeNotification.requestPermission).not.toHaveBeenCalled();
    fireEvent.click(browser); // on: the browser asks
    await waitFor(() => expect(screen.getByTestId('browser-permission')).toHaveTextContent('浏览器已允许'));
    expect(browser).toBeChecked();
    expect(FakeNotification.requestPermission).toHaveBeenCalledTimes(1);
    expect(readAlertPrefs()).toMatchObject({ browser: true, asked: true });
  });

  it('blocked by the browser: the switch is off and disabled and says where to allow it', () => {
    FakeNotification.permission = 'denied';
    renderPage();
    const browser = screen.getByRole('switch', { name: '浏览器通知' });
    expect(browser).not.toBeChecked();
    expect(browser).toBeDisabled();
    expect(screen.getByText(/浏览器已禁止本站发送通知/)).toBeInTheDocument();
  });

  it('a user without order permissions is told that no alert will come', () => {
    setPerms(['merchant:goods:list']);
    renderPage();
    expect(screen.getByText(/不会收到新订单提醒/)).toBeInTheDocument();
  });
});
