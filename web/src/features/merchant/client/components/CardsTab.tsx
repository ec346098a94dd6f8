import type { CardRow } from '@jz/contracts/card';
import type { ClientDetail } from '@jz/contracts/client';
import { Button, Space, Typography } from 'antd';
import { useState } from 'react';
import { CardKindTag } from '../../../../components/card-sale/CardKindTag.tsx';
import { CardStatusTag } from '../../../../components/card-sale/CardStatusTag.tsx';
import { LazySellCardModal } from '../../../../components/card-sale/LazySellCardModal.tsx';
import { Auth } from '../../../../lib/access.tsx';
import { formatDate, formatYuan } from '../../../../lib/format.ts';
import { useClientCards, useSellCard } from '../api/client.ts';
import { cardBalanceText } from './card-balance.ts';
import { ClientPagedTable } from './ClientPagedTable.tsx';

const left = (r: CardRow) =>
  r.kind === 'times'
    ? `${r.remainingVisits} / ${r.totalVisits} 次`
    : `${formatYuan(r.cashBalance + r.bonusBalance)}${r.bonusBalance ? `（含赠送 ${formatYuan(r.bonusBalance)}）` : ''}`;

/** 卡项: the client's cards at the caller's shops (remaining visits or value, expiry, status) and 售卡 to it. */
export function CardsTab({ client: c }: { client: ClientDetail }) {
  const [page, setPage] = useState(1);
  const [selling, setSelling] = useState(false);
  const q = useClientCards(c.id, page);
  const sell = useSellCard();
  return (
    <>
      <Space style={{ marginBottom: 12, width: '100%', justifyContent: 'space-between' }} wrap>
        <Typography.Text>
          有效卡余额：<Typography.Text strong>{cardBalanceText(c.cardBalance)}</Typography.Text>
        </Typography.Text>
        <Auth perm="merchant:cardsale:sell">
          <Button type="primary" onClick={() => setSelling(true)}>
            售卡
          </Button>
        </Auth>
      </Space>
      <ClientPagedTable<CardRow>
        query={q}
        page={page}
        onPage={setPage}
        empty="暂无卡项"
        scroll={{ x: 860 }}
        columns={[
          { title: '卡号', dataIndex: 'cardNo', width: 200 },
          {
            title: '卡项',
            dataIndex: 'name',
            render: (v: string, r) => <CardKindTag kind={r.kind}>{v}</CardKindTag>,
          },
          { title: '剩余', key: 'left', width: 170, render: (_, r) => left(r) },
          { title: '有效期至', dataIndex: 'expiresAt', width: 110, render: (v: string) => formatDate(v) },
          {
            title: '状态',
            dataIndex: 'status',
            width: 80,
            render: (v: number) => <CardStatusTag status={v} />,
          },
          { title: '门店', dataIndex: 'shopName', width: 160, ellipsis: true },
        ]}
      />
      <LazySellCardModal
        open={selling}
        clientId={c.id}
        onClose={() => setSelling(false)}
        onSell={(v) => sell.mutateAsync({ ...v, clientId: c.id })}
      />
    </>
  );
}
