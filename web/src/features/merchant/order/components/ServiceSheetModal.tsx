import { PrinterOutlined } from '@ant-design/icons';
import type { OrderDetail } from '@jz/contracts/order';
import { ORDER_STATUS_NAME, type OrderStatus } from '@jz/contracts/constants/order';
import { useQuery } from '@tanstack/react-query';
import { Button, Modal, Skeleton } from 'antd';
import { useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import { QueryError } from '../../../../components/QueryState.tsx';
import { formatDateTime } from '../../../../lib/format.ts';
import { getOrder, orderKeys } from '../api/order.ts';
import { minutesLabel } from './goods-line.ts';
import { yuan } from './money.ts';
import { paidText } from './card-payment.tsx';
import '../../../../components/print-sheet/print-sheet.css';

/** The sheet itself: one page, the 派工单's look (print-sheet.css), what the visit needs and the amounts. */
export function ServiceSheet({ o, printedAt }: { o: OrderDetail; printedAt: number }) {
  const rows: [string, string][] = [
    ['预约时间', formatDateTime(o.appointmentAt)],
    ['服务时长', minutesLabel(o.durationMinutes)],
    ['客户', `${o.customerName}  ${o.customerPhone}`],
    ['服务地址', o.address],
    ['商品', o.goodsName],
    ['规格', o.specName ?? '-'],
    ['数量', o.quantityLabel],
    ['服务人员', o.employeeName ?? '未指派'],
    ['备注', o.remark || '-'],
    ['订单金额', yuan(o.amount)],
    ['实付金额', paidText(o)],
  ];
  return (
    <section className="jz-daysheet-page" data-testid="service-sheet" aria-label={`订单 ${o.orderNo} 的服务单`}>
      <header className="jz-daysheet-head">
        <div>
          <h2 className="jz-daysheet-title">服务单</h2>
          <div className="jz-daysheet-who">
            <strong>{o.customerName}</strong>
            <span>{o.customerPhone}</span>
          </div>
        </div>
        <div className="jz-daysheet-meta">
          <div>{o.shopName}</div>
          <div className="jz-daysheet-no">单号 {o.orderNo}</div>
          <div>{ORDER_STATUS_NAME[o.status as OrderStatus]}</div>
          <div data-testid="sheet-printed-at">打印时间 {formatDateTime(printedAt)}</div>
        </div>
      </header>
      <table className="jz-daysheet-table">
        <tbody>
          {rows.map(([label, value]) => (
            <tr key={label}>
              <th style={{ width: '18%' }}>{label}</th>
              <td>{value}</td>
            </tr>
          ))}
          <tr>
            <th>客户签字</th>
            <td style={{ height: 48 }} />
          </tr>
        </tbody>
      </table>
    </section>
  );
}

/** Opening the browser's print (the 打印 button). */
const print = () => window.print();

/**
 * The moment the sheet is printed, for its 打印时间 line (Shanghai time, lib/format.ts): when the dialog opens, then
 * again right before the browser prints (打印 or Ctrl+P), rendered at once so the paper carries that minute.
 */
function usePrintTime() {
  const [at, setAt] = useState(() => Date.now());
  useEffect(() => {
    const now = () => flushSync(() => setAt(Date.now()));
    window.addEventListener('beforeprint', now);
    return () => window.removeEventListener('beforeprint', now);
  }, []);
  return at;
}

/**
 * 服务单 of one order: opened from the order list's 操作 and the order drawer; printed with the 派工单's stylesheet
 * (rootClassName jz-daysheet-root: on paper only this sheet, on A4). The phone is masked as on the 派工单: the sheet
 * travels with the employee. Reads the order's detail (the drawer's cache when it is open).
 */
export function ServiceSheetModal({ orderId, onClose }: { orderId: number | null; onClose: () => void }) {
  const q = useQuery({ queryKey: orderKeys.detail(orderId), queryFn: () => getOrder(orderId!), enabled: !!orderId });
  const o = q.data;
  const printedAt = usePrintTime();
  return (
    <Modal
      open={!!orderId}
      title={o ? `服务单 · ${o.orderNo}` : '服务单'}
      width={760}
      rootClassName="jz-daysheet-root"
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <Button key="close" onClick={onClose}>
          关闭
        </Button>,
        <Button key="print" type="primary" icon={<PrinterOutlined />} disabled={!o} onClick={print}>
          打印
        </Button>,
      ]}
    >
      <div className="jz-daysheet">
        {q.isError && !o ? (
          <QueryError error={q.error} onRetry={q.refetch} />
        ) : !o ? (
          <Skeleton active paragraph={{ rows: 6 }} />
        ) : (
          <ServiceSheet o={o} printedAt={printedAt} />
        )}
      </div>
    </Modal>
  );
}
