import { staffApi } from '@jz/contracts/api/staff';
import { Button, Dialog, List, NavBar } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { staffCall } from '../api/client.ts';
import { clearStaffSession, getStaffEmployee, isAlsoMerchantUser, saveStaffEmployee } from '../api/session.ts';
import { useLoad } from '../lib/use-load.ts';
import { steps, useSteps } from '../store.ts';

/** 我的: who is signed in, her schedule, leave, the month's jobs, and sign-out. */
export function MePage({ onSignedOut }: { onSignedOut: () => void }) {
  // The saved copy at once (and offline); the server's answer when it comes.
  const fresh = useLoad(async () => {
    const e = await staffCall(staffApi.me, {});
    saveStaffEmployee(e);
    return e;
  }, 'me');
  const me = fresh.data ?? getStaffEmployee();
  const navigate = useNavigate();
  const { pending } = useSteps();

  async function signOut() {
    const ok = await Dialog.confirm({
      title: '确定退出登录吗？',
      content: pending.length
        ? `还有 ${pending.length} 条操作未同步，退出后将不再发送。建议联网同步后再退出。`
        : '退出后需要重新用验证码登录',
      confirmText: '退出登录',
      cancelText: '取消',
    });
    if (!ok) return;
    // The server ends the session; without a connection it ends by itself when it expires.
    await staffCall(staffApi.logout, {}, 5000).catch(() => {});
    steps.clear();
    clearStaffSession();
    onSignedOut();
    navigate('/login', { replace: true });
  }

  return (
    <div className="staff-page">
      <NavBar back={null}>我的</NavBar>
      <section className="staff-card" style={{ marginTop: 12 }} aria-label="我的信息">
        <div className="staff-time">{me?.name ?? '—'}</div>
        <div className="staff-line">{me ? `${me.merchantName} · ${me.shopName}` : ''}</div>
        <div className="staff-muted">{me?.phoneMasked}</div>
      </section>
      <List mode="card">
        <List.Item onClick={() => navigate('/schedule')} description="未来两周的工作时间与休假">
          我的排班
        </List.Item>
        <List.Item onClick={() => navigate('/leave')} description="提交请假，查看审批结果">
          请假申请
        </List.Item>
        <List.Item onClick={() => navigate('/month')} description="本月已完成的订单">
          本月已完成
        </List.Item>
        {isAlsoMerchantUser() && (
          <List.Item onClick={() => window.location.assign('/')} description="这个手机号也是商家后台的账号">
            前往商家后台
          </List.Item>
        )}
      </List>
      <div className="staff-section">
        <Button block size="large" color="danger" fill="outline" onClick={() => void signOut()}>
          退出登录
        </Button>
      </div>
    </div>
  );
}
