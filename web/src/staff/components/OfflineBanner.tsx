import { NoticeBar } from 'antd-mobile';
import { stepTime } from '../lib/time.ts';

/** Shown when the list or job on screen is the copy saved at the last sync, not a fresh answer. */
export function OfflineBanner({ savedAt }: { savedAt?: number }) {
  const when = savedAt ? `（${stepTime(new Date(savedAt).toISOString())}）` : '';
  return <NoticeBar color="alert" wrap content={`离线：显示上次同步的数据${when}`} />;
}
