import type { OplogRow } from '@jz/contracts/oplog';
import { QueryError } from '../../../../components/QueryState.tsx';
import { useQuery } from '@tanstack/react-query';
import { Descriptions, Drawer, Skeleton, Tag, Typography } from 'antd';
import { getLog } from '../api/log.ts';
import { formatDateTime } from '../../../../lib/format.ts';

const TYPES: Record<string, string> = {
  add: '新增',
  edit: '修改',
  delete: '删除',
  grant: '授权',
  export: '导出',
  import: '导入',
  other: '其他',
  login: '登录',
};

function pretty(params: string | null) {
  if (!params) return '-';
  try {
    return JSON.stringify(JSON.parse(params), null, 2);
  } catch {
    return params;
  }
}

/** One log row in full: who, what, when, from where, how long, the result and the (redacted) parameters. */
export function LogDetail({ id, onClose }: { id: number | null; onClose: () => void }) {
  const q = useQuery({ queryKey: ['sys', 'log', 'detail', id], queryFn: () => getLog(id!), enabled: id !== null });
  const r: OplogRow | undefined = q.data;
  return (
    <Drawer title="日志详情" open={id !== null} onClose={onClose} size="large">
      {q.isError && !r ? (
        <QueryError error={q.error} onRetry={q.refetch} compact />
      ) : !r ? (
        <Skeleton active />
      ) : (
        <Descriptions column={1} bordered size="small" styles={{ label: { width: 110 } }}>
          <Descriptions.Item label="日志编号">{r.id}</Descriptions.Item>
          <Descriptions.Item label="操作模块">{r.title}</Descriptions.Item>
          <Descriptions.Item label="操作类型">{TYPES[r.type] ?? r.type}</Descriptions.Item>
          <Descriptions.Item label="操作人">{r.loginName ?? '（未登录）'}</Descriptions.Item>
          <Descriptions.Item label="请求">
            <Typography.Text code>{r.method}</Typography.Text> {r.url}
          </Descriptions.Item>
          <Descriptions.Item label="IP 地址">{r.ip ?? '-'}</Descriptions.Item>
          <Descriptions.Item label="浏览器">{r.userAgent || '-'}</Descriptions.Item>
          <Descriptions.Item label="操作时间">{formatDateTime(r.createdAt, { seconds: true })}</Descriptions.Item>
          <Descriptions.Item label="耗时">{r.durationMs} ms</Descriptions.Item>
          <Descriptions.Item label="结果">
            {r.success ? <Tag color="success">成功</Tag> : <Tag color="error">失败</Tag>}
          </Descriptions.Item>
          {!r.success && <Descriptions.Item label="错误信息">{r.errorMessage}</Descriptions.Item>}
          <Descriptions.Item label="请求参数">
            <pre
              style={{ margin: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-all', maxHeight: 360, overflow: 'auto' }}
            >
              {pretty(r.params)}
            </pre>
          </Descriptions.Item>
        </Descriptions>
      )}
    </Drawer>
  );
}
