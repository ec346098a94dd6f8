import { Button, Skeleton, Space, Tag, Typography } from 'antd';
import { QueryError } from '../../../../components/QueryState.tsx';
import { useSuggestions } from '../api/dispatch.ts';

/**
 * The suggestion list for one order (GET paidan/suggest): the employees who can take it, best first with the reasons
 * for their rank, then the ones who cannot and why. 指派 calls the board's assign.
 */
export function SuggestList(props: { orderId: number; busy: boolean; onPick: (employeeId: number) => void }) {
  const q = useSuggestions(props.orderId);
  if (q.isLoading) return <Skeleton active paragraph={{ rows: 2 }} title={false} />;
  if (q.isError || !q.data) return <QueryError error={q.error} onRetry={q.refetch} compact />;
  const { suggestions, excluded } = q.data;
  return (
    <Space orientation="vertical" size={8} style={{ width: '100%' }} data-testid={`suggest-${props.orderId}`}>
      {suggestions.length === 0 ? (
        <Typography.Text type="secondary">没有可指派的员工：这个时间段本店员工都不能接单（原因见下）。</Typography.Text>
      ) : (
        <ol style={{ margin: 0, paddingLeft: 20 }} aria-label="推荐员工">
          {suggestions.map((s, i) => (
            <li key={s.employeeId} style={{ marginBottom: 6 }} data-testid={`suggestion-${s.employeeId}`}>
              <Space size={6} wrap>
                <Typography.Text strong>{s.name}</Typography.Text>
                {i === 0 && <Tag color="green">推荐</Tag>}
                <Typography.Text type="secondary">{s.score} 分</Typography.Text>
                <Button
                  size="small"
                  type={i === 0 ? 'primary' : 'default'}
                  loading={props.busy}
                  onClick={() => props.onPick(s.employeeId)}
                  aria-label={`指派给 ${s.name}`}
                >
                  指派
                </Button>
              </Space>
              <div>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {s.reasons.join('；')}
                </Typography.Text>
              </div>
            </li>
          ))}
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
