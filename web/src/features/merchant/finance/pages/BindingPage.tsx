import { PlusOutlined } from '@ant-design/icons';
import { bankCardBody, type BindingRecord } from '@jz/contracts/finance';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Form, Input, Modal, Radio, Row, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useConfirm } from '../../../../components/confirm.ts';
import { QueryState } from '../../../../components/QueryState.tsx';
import { DataTable } from '../../../../components/data-table/DataTable.tsx';
import { Auth } from '../../../../lib/access.tsx';
import { DictTag } from '../../../../lib/dict.tsx';
import { zodRule } from '../../../../lib/zod-rule.ts';
import { cardsQuery, financeKeys, getBindingPage } from '../api/finance-api.ts';
import { type CardInput, useFinanceMutations } from '../api/finance-mutations.ts';
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

const s = bankCardBody.shape;

function BindCardModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<CardInput>();
  const { bind } = useFinanceMutations();
  return (
    <Modal
      title="绑定银行卡"
      open={open}
      onCancel={onClose}
      okText="绑 定"
      confirmLoading={bind.isPending}
      destroyOnHidden
      onOk={async () => {
        const v = await form.validateFields();
        await bind
          .mutateAsync(v)
          .then(() => {
            form.resetFields();
            onClose();
          })
          .catch(() => undefined);
      }}
    >
      <Form<CardInput>
        form={form}
        name="finance-bind-card"
        layout="vertical"
        initialValues={{ cardType: 1 }}
        preserve={false}
      >
        <Form.Item name="cardType" label="账户类型" rules={[zodRule(s.cardType)]}>
          <Radio.Group
            options={[
              { label: '对私（个人）', value: 1 },
              { label: '对公（企业）', value: 2 },
            ]}
          />
        </Form.Item>
        <Form.Item name="holderName" label="开户名" rules={[zodRule(s.holderName)]}>
          <Input maxLength={100} placeholder="与银行预留一致" />
        </Form.Item>
        <Form.Item name="cardNo" label="银行卡号" rules={[zodRule(s.cardNo)]}>
          <Input maxLength={36} placeholder="仅用于打款，页面只显示脱敏卡号" />
        </Form.Item>
        <Row gutter={12}>
          <Col span={12}>
            <Form.Item name="bankName" label="开户银行" rules={[zodRule(s.bankName)]}>
              <Input maxLength={50} placeholder="如 中国工商银行" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="branchCode" label="联行号" rules={[zodRule(s.branchCode)]}>
              <Input maxLength={12} placeholder="12 位数字" />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="branchName" label="开户支行" rules={[zodRule(s.branchName)]}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="mobile" label="银行预留手机号" rules={[zodRule(s.mobile)]}>
          <Input maxLength={11} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** 绑定记录 (/bangdingjilu): the bound cards (masked) and the history of binding and unbinding. */
export default function BindingPage() {
  const cards = useQuery(cardsQuery);
  const { unbind } = useFinanceMutations();
  const { confirmDelete } = useConfirm();
  const [open, setOpen] = useState(false);
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
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
    </Space>
  );
}
