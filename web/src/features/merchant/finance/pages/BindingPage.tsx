import { PlusOutlined } from '@ant-design/icons';
import type { BankCard, BindingRecord } from '@jz/contracts/finance';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Row, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useConfirm } from '../../../../components/confirm.ts';
import { QueryState } from '../../../../components/QueryState.tsx';
import { DataTable } from '../../../../components/data-table/DataTable.tsx';
import { Auth } from '../../../../lib/access.tsx';
import { DictTag } from '../../../../lib/dict.tsx';
import { getUserInfo } from '../../../../lib/storage.ts';
import { cardsQuery, financeKeys, getBindingPage, useFinanceMutations } from '../api/finance.ts';
import { BindCardModal, CardHold, ConfirmCardModal } from '../components/CardDialogs.tsx';
import { fmtTime } from '../components/money.ts';

const columns: ColumnsType<BindingRecord> = [
  { title: '时间', dataIndex: 'createdAt', width: 160, render: (v: string) => fmtTime(v) },
  {
    title: '操作',
    dataIndex: 'action',
    width: 90,
    render: (v: number) => <DictTag type="bank_card_action" value={v} />,
  },
  { title: '开户银行', dataIndex: 'bankName', width: 160 },
  { title: '卡号', dataIndex: 'cardNoMasked', width: 200 },
  { title: '开户名', dataIndex: 'holderName', width: 220, ellipsis: true },
  {
    title: '账户类型',
    dataIndex: 'cardType',
    width: 100,
    render: (v: number) => <DictTag type="bank_card_type" value={v} />,
  },
  {
    title: '来源',
    dataIndex: 'source',
    width: 110,
    render: (v: string) => <DictTag type="bank_card_source" value={v} />,
  },
  { title: '操作人', dataIndex: 'operatorName', render: (v: string | null) => v ?? '系统' },
];

/** 绑定记录 (/bangdingjilu): the bound cards (masked) and the history of binding and unbinding. */
export default function BindingPage() {
  const cards = useQuery(cardsQuery);
  const { unbind } = useFinanceMutations();
  const { confirmDelete } = useConfirm();
  const [open, setOpen] = useState(false);
  const [confirming, setConfirming] = useState<BankCard | null>(null);
  // Confirming a card a sub-account bound is the owner's own act (the server refuses anyone else).
  const isOwner = getUserInfo()?.isOwner === true;
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card
        className="jz-card"
        variant="borderless"
        title="已绑定的银行卡"
        extra={
          <Auth perm="merchant:finance:bind">
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setOpen(true)}>
              绑定银行卡
            </Button>
          </Auth>
        }
      >
        <QueryState
          query={cards}
          rows={3}
          empty="暂无绑定的银行卡，绑定后即可提现"
          emptyAction={
            <Auth perm="merchant:finance:bind">
              <Button type="primary" onClick={() => setOpen(true)}>
                绑定银行卡
              </Button>
            </Auth>
          }
        >
          {(list) => (
            <Row gutter={[16, 16]}>
              {list.map((c) => (
                <Col key={c.id} xs={24} md={12} xl={8}>
                  <Card
                    size="small"
                    data-testid="bank-card"
                    title={
                      <Space>
                        {c.bankName}
                        <DictTag type="bank_card_type" value={c.cardType} />
                      </Space>
                    }
                    extra={
                      <Space size={0}>
                        {c.holdUntil && isOwner && (
                          <Auth perm="merchant:finance:bind">
                            <Button type="link" size="small" onClick={() => setConfirming(c)}>
                              确认
                            </Button>
                          </Auth>
                        )}
                        <Auth perm="merchant:finance:unbind">
                          <Button
                            type="link"
                            danger
                            size="small"
                            onClick={async () => {
                              if (
                                await confirmDelete(
                                  `确认解绑 ${c.bankName} ${c.cardNoMasked} 吗？解绑后不能再向该卡提现。`,
                                )
                              )
                                await unbind.mutateAsync(c.id).catch(() => undefined);
                            }}
                          >
                            解绑
                          </Button>
                        </Auth>
                      </Space>
                    }
                  >
                    <Typography.Title level={4} style={{ margin: '4px 0 8px', letterSpacing: 1 }}>
                      {c.cardNoMasked}
                    </Typography.Title>
                    <div>开户名：{c.holderName}</div>
                    <div>
                      开户支行：{c.branchName}（{c.branchCode}）
                    </div>
                    <div>
                      绑定时间：{fmtTime(c.boundAt)} <Tag>{c.source === 'jinjian' ? '进件开户' : '手动绑定'}</Tag>
                    </div>
                    <CardHold card={c} />
                  </Card>
                </Col>
              ))}
            </Row>
          )}
        </QueryState>
      </Card>
      <DataTable
        title="绑定记录"
        queryKey={financeKeys.bindings}
        fetcher={getBindingPage}
        columns={columns}
        search={[
          { name: 'keyword', label: '关键词', placeholder: '银行、户名或卡号后四位', width: 200 },
          { name: 'action', label: '操作', type: 'dict', dict: 'bank_card_action', width: 120 },
          { name: 'createdAt', label: '时间', type: 'dateRange' },
        ]}
        scrollX={1200}
      />
      <BindCardModal open={open} onClose={() => setOpen(false)} />
      <ConfirmCardModal card={confirming} onClose={() => setConfirming(null)} />
    </Space>
  );
}
