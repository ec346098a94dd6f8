import { Typography } from 'antd';
import type { CSSProperties } from 'react';

/**
 * A long Chinese text outside a table (a List title, a Descriptions value, a card line): one line (or `rows`) with an
 * ellipsis, the whole text in a tooltip on hover and focus. Tables get the same through `ellipsis: {showTitle}` columns.
 */
export function LongText({
  text,
  rows = 1,
  maxWidth,
  strong,
  style,
}: {
  text: string | null | undefined;
  rows?: number;
  maxWidth?: number | string;
  strong?: boolean;
  style?: CSSProperties;
}) {
  if (!text) return <>-</>;
  const ellipsis = { tooltip: { title: text, placement: 'topLeft' as const } };
  if (rows > 1)
    return (
      <Typography.Paragraph
        ellipsis={{ ...ellipsis, rows }}
        strong={strong}
        style={{ marginBottom: 0, maxWidth, ...style }}
      >
        {text}
      </Typography.Paragraph>
    );
  return (
    <Typography.Text ellipsis={ellipsis} strong={strong} style={{ maxWidth: maxWidth ?? '100%', ...style }}>
      {text}
    </Typography.Text>
  );
}
