import { Empty } from 'antd';
import type { ReactNode } from 'react';

/** antd's Empty, loaded by LazyEmpty when an empty state first shows. */
export function RealEmpty({
  simple,
  description,
  children,
}: {
  simple?: boolean;
  description?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <Empty image={simple ? Empty.PRESENTED_IMAGE_SIMPLE : undefined} description={description}>
      {children}
    </Empty>
  );
}
