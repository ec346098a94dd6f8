import { describe, expect, it } from 'vitest';
import { setUserInfo } from '../../lib/storage.ts';
import { readAlertPrefs, setAlertPrefs } from './alert-prefs.ts';

const user = (id: number) =>
  setUserInfo({
    id,
    nickName: '王洁',
    headUrl: null,
    loginName: `u${id}`,
    phone: '13800000001',
    roleNameList: [],
    roleNames: '',
    userType: 'merchant',
    merchantId: 1,
    isOwner: true,
  });

describe('提醒设置 in local storage', () => {
  it('both on by default; kept per user', () => {
    user(1);
    expect(readAlertPrefs()).toEqual({ sound: true, browser: true, asked: false });
    setAlertPrefs({ sound: false });
    expect(readAlertPrefs()).toEqual({ sound: false, browser: true, asked: false });
    user(2);
    expect(readAlertPrefs().sound).toBe(true);
    user(1);
    expect(readAlertPrefs().sound).toBe(false);
  });

  it('an unreadable value reads as the defaults', () => {
    user(3);
    localStorage.setItem('jz.orderAlerts.3', '{not json');
    expect(readAlertPrefs()).toEqual({ sound: true, browser: true, asked: false });
  });
});
