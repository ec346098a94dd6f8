import { Alert, Button, Card, Descriptions, Space, Switch, Tag, Typography } from 'antd';
import { useEffect, useState, useSyncExternalStore } from 'react';
import {
  askBrowserPermission,
  type BrowserPermission,
  browserPermission,
  setAlertPrefs,
  useAlertPrefs,
} from '../../../../components/order-alert/alert-prefs.ts';
import { orderStream } from '../../../../components/order-badge/order-stream.ts';
import { hasPerm } from '../../../../lib/access.tsx';

const PERMISSION_TEXT: Record<BrowserPermission, { tag: string; color?: string; hint: string }> = {
  granted: { tag: '浏览器已允许', color: 'green', hint: '标签页不在前台时，新订单会以浏览器通知提醒您。' },
  default: { tag: '尚未允许', hint: '开启后浏览器会询问一次是否允许本站发送通知，请选择“允许”。' },
  denied: {
    tag: '浏览器已禁止',
    color: 'red',
    hint: '浏览器已禁止本站发送通知：请在浏览器地址栏左侧的网站设置中把“通知”改为允许，再回到此页。',
  },
  unsupported: { tag: '不支持', hint: '当前浏览器不支持桌面通知（或页面不是通过 HTTPS 打开的）。' },
};

/**
 * 提醒设置 (/tixingshezhi, under 我的账号): how this browser alerts the signed-in user of a new paid order. The notice
 * on every page and the flashing tab title are always on; the beep and the browser notification are switches here.
 */
export default function AlertSettingsPage() {
  const prefs = useAlertPrefs();
  const stream = useSyncExternalStore(orderStream.subscribe, orderStream.snapshot);
  const [permission, setPermission] = useState(browserPermission);
  const receives = hasPerm('merchant:order:taking') || hasPerm('merchant:order:list');
  const p = PERMISSION_TEXT[permission];
  // allowed or blocked in the browser's site settings meanwhile: read again when the user comes back
  useEffect(() => {
    const again = () => setPermission(browserPermission());
    window.addEventListener('focus', again);
    return () => window.removeEventListener('focus', again);
  }, []);

  const toggleBrowser = async (on: boolean) => {
    setAlertPrefs({ browser: on });
    // The moment to ask: the user just asked for it (a click), never on load; once.
    if (on && permission === 'default') setPermission(await askBrowserPermission());
  };

  return (
    <Card className="jz-card" variant="borderless" title="提醒设置" style={{ maxWidth: 960 }}>
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        {!receives && (
          <Alert type="info" showIcon title="您的账号没有订单权限（订单接单或订单管理），不会收到新订单提醒。" />
        )}
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          顾客付款后，新订单会在任意页面右上角弹出提醒（服务、预约时间、地址），提醒会一直保留到您关闭或去接单；
          标签页不在前台时，标签页标题会闪烁，直到您回来看到为止。以下设置保存在本浏览器中，仅对当前账号生效；退出登录后恢复为默认（全部开启）。
        </Typography.Paragraph>
        <Descriptions column={1} bordered size="middle" styles={{ label: { width: 180 } }}>
          <Descriptions.Item label="新订单提示音">
            <Space wrap>
              <Switch
                aria-label="新订单提示音"
                data-testid="pref-sound"
                checked={prefs.sound}
                onChange={(on) => setAlertPrefs({ sound: on })}
                checkedChildren="开"
                unCheckedChildren="关"
              />
              <Button size="small" onClick={() => orderStream.beep()}>
                试听
              </Button>
              {!stream.sound && <Tag color="orange">当前店铺已在店铺设置中关闭提示音</Tag>}
            </Space>
          </Descriptions.Item>
          <Descriptions.Item label="浏览器通知">
            <Space orientation="vertical" size={4}>
              <Space wrap>
                <Switch
                  aria-label="浏览器通知"
                  data-testid="pref-browser"
                  checked={prefs.browser && permission !== 'denied' && permission !== 'unsupported'}
                  disabled={permission === 'denied' || permission === 'unsupported'}
                  onChange={(on) => void toggleBrowser(on)}
                  checkedChildren="开"
                  unCheckedChildren="关"
                />
                <Tag color={p.color} data-testid="browser-permission">
                  {p.tag}
                </Tag>
              </Space>
              <Typography.Text type="secondary">{p.hint}</Typography.Text>
            </Space>
          </Descriptions.Item>
        </Descriptions>
      </Space>
    </Card>
  );
}
