import { Typography } from 'antd';

/** Table cell text with a copy-to-clipboard button (docs/spec-notes.md#constants). */
export function CopyText({ text }: { text: string | number | null | undefined }) {
  if (text === null || text === undefined || text === '') return <span>-</span>;
  return <Typography.Text copyable={{ text: String(text), tooltips: ['复制', '已复制'] }}>{text}</Typography.Text>;
}
