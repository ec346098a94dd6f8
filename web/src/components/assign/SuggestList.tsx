import { WarningOutlined } from '@ant-design/icons';
import { Button, Skeleton, Space, Tag, Typography } from 'antd';
import { useConfirm } from '../confirm.ts';
import { QueryError } from '../QueryState.tsx';
import { strandWarning, useSuggestions } from './suggestions.ts';

/** The server's reason for a preferred employee (scheduling/client-prefs.ts), shown as a tag instead of in the text. */
const PREFERRED = '客户偏好';

/**
 * The one place an employee is chosen for an order (派单看板's 派单, 订单接单's 接单派员, 改派 from 订单管理 and the order
 * drawer): the employees who can take it, best first with the reasons for their rank, then the ones who cannot and
 * why (GET paidan/suggest: 休假, 已有订单 10:00–12:00, 服务类目不含…, 不在工作时间…, 客户不希望再派此员工). The order's
 * client's preferred employees come first among the safe choices, tagged 客户偏好. A choice that would leave another
 * paid order at that time with nobody is marked and asks before it is made.
 */
export function SuggestList(props: { orderId: number; busy: boolean; onPick: (employeeId: number) => void }) {
  const q = useSuggestions(props.orderId);
  const { confirmWarning } = useConfirm();
  if (q.isLoading) return <Skeleton active paragraph={{ rows: 2 }} title={false} />;
  if (q.isError || !q.data) return <QueryError error={q.error} onRetry={q.refetch} compact />;
  const { suggestions, excluded } = q.data;
  const pick = async (s: (typeof suggestions)[number]) => {
    const warning = strandWarning(s);
    if (warning && !(await confirmWarning(warning))) return;
    props.onPick(s.employeeId);
  };
  return (
    <Space orientation="vertical" size={8} style={{ width: '100%' }} data-testid={`suggest-${props.orderId}`}>
      {suggestions.length === 0 ? (
        <Typography.Text type="secondary">没有可指派的员工：这个时间段本店员工都不能接单（原因见下）。</Typography.Text>
      ) : (
        <ol style={{ margin: 0, paddingLeft: 20 }} aria-label="推荐员工">
          {suggestions.map((s, i) => {
            const risky = s.strandCount > 0;
            return (
              <li key={s.employeeId} style={{ marginBottom: 6 }} data-testid={`suggestion-${s.employeeId}`}>
                <Space size={6} wrap>
                  <Typography.Text strong>{s.name}</Typography.Text>
                  {i === 0 && !risky && <Tag color="green">推荐</Tag>}
                  {s.preferred && (
                    <Tag color="gold" data-testid="preferred-tag">
                      {PREFERRED}
                    </Tag>
                  )}
                  {risky && (
                    <Tag color="orange" icon={<WarningOutlined />} data-testid="strand-tag">
                      会使 {s.strandCount} 单无人可派
                    </Tag>
                  )}
                  <Typography.Text type="secondary">{s.score} 分</Typography.Text>
                  <Button
                    size="small"
                    type={i === 0 && !risky ? 'primary' : 'default'}
                    loading={props.busy}
                    onClick={() => void pick(s)}
                    aria-label={`指派给 ${s.name}`}
                  >
                    指派
                  </Button>
                </Space>
                <div>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {(s.preferred ? s.reasons.filter((r) => r !== PREFERRED) : s.reasons).join('；')}
                  </Typography.Text>
                </div>
              </li>
            );
          })}
        </ol>
      )}
      {excluded.length > 0 && (
        <div>
          <Typography.Text type="secondary">不可指派（{excluded.length} 人）：</Typography.Text>
          <ul style={{ margin: 0, paddingLeft: 20 }} aria-label="不可指派的员工">
            {excluded.map((x) => (
              <li key={x.employeeId} data-testid={`excluded-${x.employeeId}`} data-code={x.code}>
                <Typography.Text style={{ fontSize: 12 }}>
                  {x.name}：<Typography.Text type="secondary">{x.reason}</Typography.Text>
                </Typography.Text>
              </li>
            ))}
          </ul>
        </div>
      )}
    </Space>
  );
}
