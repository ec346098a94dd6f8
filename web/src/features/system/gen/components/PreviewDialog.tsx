import type { GenTable } from '@jz/contracts/gen';
import { useQuery } from '@tanstack/react-query';
import { Button, Modal, Spin, Tabs, Typography } from 'antd';
import { ExportButton } from '../../../../components/ExportButton.tsx';
import { QueryError } from '../../../../components/QueryState.tsx';
import { downloadCode, genKeys, getPreview } from '../api/gen.ts';
import { CodeBlock } from './CodeBlock.tsx';

const pre = {
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  fontSize: 12,
  lineHeight: 1.5,
  background: '#f6f8fa',
  padding: 12,
  borderRadius: 6,
  maxHeight: '60vh',
  overflow: 'auto',
  margin: 0,
  whiteSpace: 'pre',
} as const;

/** 预览: one tab per generated file (its path relative to the project), highlighted, with a copy button. */
export function PreviewDialog(props: { table: GenTable; onClose: () => void }) {
  const q = useQuery({
    queryKey: [...genKeys.all, 'preview', props.table.id],
    queryFn: () => getPreview(props.table.id),
  });
  const files = Object.entries(q.data ?? {});
  return (
    <Modal
      title={`代码预览：${props.table.functionName}（${props.table.tableName}）`}
      open
      width="80vw"
      onCancel={props.onClose}
      footer={[
        <ExportButton key="dl" onExport={() => downloadCode(props.table)}>
          下载 zip
        </ExportButton>,
        <Button key="close" type="primary" onClick={props.onClose}>
          关闭
        </Button>,
      ]}
    >
      {q.isError && !q.data ? (
        <QueryError error={q.error} onRetry={q.refetch} compact />
      ) : q.isLoading ? (
        <Spin />
      ) : (
        <Tabs
          tabPlacement="start"
          size="small"
          items={files.map(([path, text]) => ({
            key: path,
            label: shortLabel(
              path,
              files.map(([p]) => p),
            ),
            children: (
              <>
                <Typography.Paragraph type="secondary" copyable={{ text }} style={{ marginBottom: 8 }}>
                  {path}
                </Typography.Paragraph>
                <CodeBlock text={text} style={pre} />
              </>
            ),
          }))}
        />
      )}
    </Modal>
  );
}

/** A file's last two path segments, or more where two files would read the same (contracts' and the web's api/x.ts). */
export function shortLabel(path: string, all: string[]) {
  const tail = (p: string, n: number) => p.split('/').slice(-n).join('/');
  let n = 2;
  while (n < path.split('/').length && all.some((p) => p !== path && tail(p, n) === tail(path, n))) n++;
  return tail(path, n);
}
