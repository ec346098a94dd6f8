import type { GenTable } from '@jz/contracts/gen';
import { Button } from 'antd';
import { useLongAction } from '../../../../lib/use-long-action.ts';
import { downloadCode } from '../api/gen.ts';

/** 下载 in a row: spins while the zip is built and ignores clicks until it is saved (docs/ux-states.md). */
export function DownloadAction({ table }: { table: GenTable }) {
  const { run, running } = useLongAction(() => downloadCode(table));
  return (
    <Button type="link" size="small" style={{ padding: 0 }} loading={running} onClick={() => void run()}>
      下载
    </Button>
  );
}
