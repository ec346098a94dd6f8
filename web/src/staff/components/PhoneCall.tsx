import { staffApi } from '@jz/contracts/api/staff';
import type { StaffJob } from '@jz/contracts/staff';
import { Button, Toast } from 'antd-mobile';
import { useState } from 'react';
import { errorText, staffCall } from '../api/client.ts';

/**
 * The customer's phone: masked, with 拨打电话 only within the call window (the day before the job until 24 h after
 * it ends, `phoneCallable`). Each tap asks the server for the number (which records the reveal), then dials.
 */
export function PhoneCall({ job }: { job: StaffJob }) {
  const [full, setFull] = useState<string>();
  const [busy, setBusy] = useState(false);
  async function call() {
    setBusy(true);
    try {
      const { phone } = await staffCall(staffApi.revealPhone, { params: { orderId: job.orderId } });
      setFull(phone);
      window.location.href = `tel:${phone}`;
    } catch (e) {
      Toast.show({ content: errorText(e) });
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="staff-line" style={{ display: 'flex', alignItems: 'center', gap: 12, flexWrap: 'wrap' }}>
      <span>
        <span className="staff-label">电话</span>
        <span>{full ?? job.customerPhoneMasked}</span>
      </span>
      {job.phoneCallable ? (
        <Button color="success" size="middle" loading={busy} onClick={() => void call()} style={{ minHeight: 40 }}>
          拨打电话
        </Button>
      ) : (
        <span className="staff-muted">
          {Date.now() > Date.parse(job.endsAt) ? '服务结束超过 24 小时，不再显示号码' : '服务前一天起可拨打'}
        </span>
      )}
    </div>
  );
}
