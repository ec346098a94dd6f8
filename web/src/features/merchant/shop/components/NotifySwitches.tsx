import type { NotifySwitch } from '@jz/contracts/notify';
import { Card, Descriptions, Switch, Typography } from 'antd';
import { QueryError } from '../../../../components/QueryState.tsx';
import { hasPerm } from '../../../../lib/access.tsx';
import { useNotifySwitches, useSetNotifySwitch } from '../api/notify.ts';

/**
 * 短信通知: which messages the merchant's customers and staff receive by SMS (per event, for every shop of the
 * merchant). Quiet hours and the per-phone limit apply to all of them (docs/messages.md).
 */
export function NotifySwitches() {
  const q = useNotifySwitches();
  const set = useSetNotifySwitch();
  const canEdit = hasPerm('merchant:shop:edit');
  const group = (kind: NotifySwitch['recipientKind']) => (q.data ?? []).filter((s) => s.recipientKind === kind);
  const item = (s: NotifySwitch) => (
    <Descriptions.Item key={s.event} label={s.name}>
      <Switch
        aria-label={`${s.recipientKind === 'customer' ? '客户' : '员工'}：${s.name}`}
        checked={s.enabled}
        disabled={!canEdit}
        loading={set.isPending && set.variables?.event === s.event}
        onChange={(enabled) => set.mutate({ event: s.event, enabled })}
      />
    </Descriptions.Item>
  );
  return (
    <Card title="短信通知" variant="borderless" loading={q.isLoading} data-testid="notify-switches">
      {q.isError ? (
        <QueryError error={q.error} onRetry={q.refetch} compact />
      ) : (
        <>
          <Typography.Paragraph type="secondary">
            订单状态变化时自动以短信通知客户和服务人员。21:00–08:00
            为免打扰时段（当天的服务除外），同一号码每小时有发送上限，超出的短信稍后发送。
          </Typography.Paragraph>
          <Descriptions title="通知客户" size="small" column={3} bordered>
            {group('customer').map(item)}
          </Descriptions>
          <Descriptions title="通知员工" size="small" column={3} bordered style={{ marginTop: 16 }}>
            {group('staff').map(item)}
          </Descriptions>
        </>
      )}
    </Card>
  );
}
