import { DownloadOutlined } from '@ant-design/icons';
import { Button, type ButtonProps } from 'antd';
import { useLongAction } from '../lib/use-long-action.ts';

export interface ExportButtonProps extends Omit<ButtonProps, 'onClick' | 'loading'> {
  /** The download (e.g. `() => exportOrders(filters)`); the button spins and refuses clicks until it settles. */
  onExport: () => Promise<unknown>;
}

/** 导出 buttons of the console: a download icon, loading while the file is produced, no double submit. */
export function ExportButton({ onExport, children = '导出 Excel', icon, ...rest }: ExportButtonProps) {
  const { run, running } = useLongAction(onExport);
  return (
    <Button {...rest} icon={icon ?? <DownloadOutlined />} loading={running} onClick={() => void run()}>
      {children}
    </Button>
  );
}
