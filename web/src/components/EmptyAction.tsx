import { Button } from 'antd';
import type { ReactNode } from 'react';
import { Auth } from '../lib/access.tsx';

/** The next step an empty list offers (DataTable's emptyAction, QueryState's emptyAction), shown to holders of perm. */
export function EmptyAction({ perm, onClick, children }: { perm: string; onClick: () => void; children: ReactNode }) {
  return (
    <Auth perm={perm}>
      <Button type="primary" onClick={onClick}>
        {children}
      </Button>
    </Auth>
  );
}
