import { PrinterOutlined } from '@ant-design/icons';
import type { DaySheetEmployee, DaySheetResult } from '@jz/contracts/dispatch';
import { WEEKDAY_NAMES, weekdayOf } from '@jz/contracts/constants/dispatch';
import { Button, Empty, Modal, Skeleton } from 'antd';
import { ExportButton } from '../../../../components/ExportButton.tsx';
import { QueryError } from '../../../../components/QueryState.tsx';
import { type DaySheetAsk, exportDaySheet, useDaySheet } from '../api/dispatch.ts';
import '../../../../components/print-sheet/print-sheet.css';

/** '2026年11月27日 周五'. */
export function dayTitle(day: string) {
  return `${Number(day.slice(0, 4))}年${Number(day.slice(5, 7))}月${Number(day.slice(8, 10))}日 ${
    WEEKDAY_NAMES[weekdayOf(day)]
  }`;
}

/** One employee's sheet: a page of its own when printed. */
function SheetPage({ sheet, e }: { sheet: DaySheetResult; e: DaySheetEmployee }) {
  return (
    <section className="jz-daysheet-page" data-testid={`daysheet-${e.id}`} aria-label={`${e.name} 的派工单`}>
      <header className="jz-daysheet-head">
        <div>
          <h2 className="jz-daysheet-title">派工单</h2>
          <div className="jz-daysheet-who">
            <strong>{e.name}</strong>
            {e.phone && <span>{e.phone}</span>}
          </div>
        </div>
        <div className="jz-daysheet-meta">
          <div>{sheet.shopName}</div>
          <div>{dayTitle(sheet.date)}</div>
          <div>共 {e.jobs.length} 单</div>
        </div>
      </header>
      {e.jobs.length === 0 ? (
        <p className="jz-daysheet-none">当天没有派工</p>
      ) : (
        <table className="jz-daysheet-table">
          <thead>
            <tr>
              <th style={{ width: '4%' }}>#</th>
              <th style={{ width: '14%' }}>时间</th>
              <th style={{ width: '23%' }}>服务</th>
              <th style={{ width: '15%' }}>顾客</th>
              <th style={{ width: '26%' }}>地址</th>
              <th style={{ width: '18%' }}>备注</th>
            </tr>
          </thead>
          <tbody>
            {e.jobs.map((j, i) => (
              <tr key={j.orderId} data-testid={`daysheet-job-${j.orderNo}`}>
                <td>{i + 1}</td>
                <td>
                  <div className="jz-daysheet-time">{j.time}</div>
                  <div className="jz-daysheet-sub">
                    {j.statusName}
                    {j.durationKnown ? '' : '，时长为估计'}
                  </div>
                </td>
                <td>
                  {j.service}
                  <div className="jz-daysheet-sub jz-daysheet-no">单号 {j.orderNo}</div>
                </td>
                <td>
                  {j.customerName}
                  <div className="jz-daysheet-phone">{j.customerPhone}</div>
                </td>
                <td>{j.address}</td>
                <td>{j.remark ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/**
 * 派工单 (docs/dispatch.md): one employee's day, or every employee with jobs that day, as sheets to
 * print (components/print-sheet/print-sheet.css: on paper the console and this dialog's frame disappear, the sheets alone on A4, one employee
 * per page) or to export to Excel.
 */
export function DaySheetModal({ ask, onClose }: { ask: DaySheetAsk | null; onClose: () => void }) {
  const q = useDaySheet(ask);
  const sheet = q.data;
  const hasJobs = !!sheet && sheet.employees.some((e) => e.jobs.length > 0);
  const ready = hasJobs;
  const one = ask?.employeeId !== undefined ? sheet?.employees[0] : undefined;
  const title = ask ? `派工单 · ${dayTitle(ask.date)}${one ? ` · ${one.name}` : ''}` : '派工单';
  return (
    <Modal
      open={!!ask}
      title={title}
      width={960}
      rootClassName="jz-daysheet-root"
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <Button key="close" onClick={onClose}>
          关闭
        </Button>,
        <ExportButton key="export" disabled={!ready} onExport={() => exportDaySheet(ask!)}>
          导出 Excel
        </ExportButton>,
        <Button key="print" type="primary" icon={<PrinterOutlined />} disabled={!ready} onClick={() => window.print()}>
          打印
        </Button>,
      ]}
    >
      <div className="jz-daysheet" data-testid="daysheet">
        {q.isError && !sheet ? (
          <QueryError error={q.error} onRetry={q.refetch} />
        ) : !sheet ? (
          <Skeleton active paragraph={{ rows: 6 }} />
        ) : !hasJobs ? (
          <Empty description="当天没有派工" data-testid="daysheet-empty" />
        ) : (
          sheet.employees.map((e) => <SheetPage key={e.id} sheet={sheet} e={e} />)
        )}
      </div>
    </Modal>
  );
}
