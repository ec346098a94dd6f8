import { useQuery } from '@tanstack/react-query';
import { Descriptions, Drawer, Result, Spin, Timeline, Typography } from 'antd';
import { QueryError, isNotFound } from '../../../../components/QueryState.tsx';
import { CopyText } from '../../../../components/CopyText.tsx';
import { DictTag, useDict } from '../../../../lib/dict.tsx';
import { courierKeys, getCourier } from '../api/courier.ts';
import { formatDateTime, formatWeight } from '../../../../lib/format.ts';

const t = (iso: string | null | undefined) => formatDateTime(iso);
const color = (s: number) => (s === 90 ? 'gray' : s === 40 ? 'green' : 'blue');

/** A pick-up with its tracking timeline (newest first). */
export function CourierDetailDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const q = useQuery({
    queryKey: [...courierKeys.all, 'detail', id],
    queryFn: () => getCourier(id as number),
    enabled: !!id,
  });
  const company = useDict('courier_company');
  const o = q.data;
  return (
    <Drawer title="快递详情" open={!!id} onClose={onClose} size={560} destroyOnHidden>
      {q.isLoading ? (
        <Spin />
      ) : q.isError && !isNotFound(q.error) && !o ? (
        <QueryError error={q.error} onRetry={q.refetch} compact />
      ) : q.isError || !o ? (
        <Result status="warning" title="快递单不存在或无权查看" />
      ) : (
        <>
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label="运单号">
              <CopyText text={o.trackingNo} />
            </Descriptions.Item>
            <Descriptions.Item label="快递公司">{company.labelOf(o.company)}</Descriptions.Item>
            <Descriptions.Item label="状态">
              <DictTag type="courier_status" value={o.status} />
            </Descriptions.Item>
            <Descriptions.Item label="寄件人">
              {o.senderName} {o.senderPhone}
              <br />
              {o.senderAddress}
            </Descriptions.Item>
            <Descriptions.Item label="收件人">
              {o.receiverName} {o.receiverPhone}
              <br />
              {o.receiverAddress}
            </Descriptions.Item>
            <Descriptions.Item label="物品">
              {o.itemName} · {formatWeight(o.weightGrams)}
            </Descriptions.Item>
            <Descriptions.Item label="上门取件">{t(o.pickupAt)}</Descriptions.Item>
            <Descriptions.Item label="店铺">{o.shopName}</Descriptions.Item>
            {o.remark && <Descriptions.Item label="备注">{o.remark}</Descriptions.Item>}
            {o.cancelReason && <Descriptions.Item label="取消原因">{o.cancelReason}</Descriptions.Item>}
          </Descriptions>
          <Typography.Title level={5} style={{ marginTop: 24 }}>
            物流轨迹
          </Typography.Title>
          <Timeline
            items={o.tracks.map((x) => ({
              key: x.id,
              color: color(x.status),
              children: (
                <>
                  <Typography.Text strong>{x.description}</Typography.Text>
                  <br />
                  <Typography.Text type="secondary">{t(x.at)}</Typography.Text>
                </>
              ),
            }))}
          />
        </>
      )}
    </Drawer>
  );
}
