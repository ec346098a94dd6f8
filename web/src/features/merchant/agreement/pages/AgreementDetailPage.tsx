import { QueryError, isNotFound } from '../../../../components/QueryState.tsx';
import { ArrowLeftOutlined, PrinterOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Descriptions, Result, Space, Spin, Tag, Typography } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { DictTag } from '../../../../lib/dict.tsx';
import { signatureQuery } from '../api/agreement.ts';
import { AgreementContent } from '../../../../components/agreement/AgreementContent.tsx';
import { formatDateTime } from '../../../../lib/format.ts';
import { pagePath } from '../../../../lib/page-registry.ts';

const fmt = (t: string) => formatDateTime(t, { seconds: true });

/** 协议详情 (/xieyixiangqing?id=): the text exactly as signed (versions are immutable) and its signature record; printable. */
export default function AgreementDetailPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const valid = Number.isInteger(id) && id > 0;
  const q = useQuery({ ...signatureQuery(id), enabled: valid });

  if (!valid)
    return (
      <Result
        status="warning"
        title="缺少协议编号"
        extra={<Button onClick={() => navigate(pagePath('merchant.agreement.mine'))}>返回我的协议</Button>}
      />
    );
  if (q.isLoading)
    return (
      <Spin style={{ display: 'block', margin: '120px auto' }} description="拼命加载中">
        <div />
      </Spin>
    );
  if (q.isError && !isNotFound(q.error)) return <QueryError error={q.error} onRetry={q.refetch} />;
  if (q.isError || !q.data)
    return (
      <Result
        status="404"
        title="签署记录不存在"
        subTitle="该记录不存在，或不属于当前商家。"
        extra={<Button onClick={() => navigate(pagePath('merchant.agreement.mine'))}>返回我的协议</Button>}
      />
    );
  const s = q.data;

  return (
    <Card
      className="jz-card jz-print-card"
      title={
        <Space>
          {s.title}
          <Tag>第 {s.version} 版</Tag>
          {s.isCurrent ? <Tag color="success">当前版本</Tag> : <Tag color="orange">已有新版本</Tag>}
        </Space>
      }
      extra={
        <Space className="jz-no-print">
          <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(pagePath('merchant.agreement.mine'))}>
            返回
          </Button>
          <Button type="primary" icon={<PrinterOutlined />} onClick={() => window.print()}>
            打印
          </Button>
        </Space>
      }
    >
      <Descriptions size="small" column={3} bordered style={{ marginBottom: 24 }}>
        <Descriptions.Item label="协议类型">
          <DictTag type="agreement_type" value={s.type} />
        </Descriptions.Item>
        <Descriptions.Item label="协议版本">第 {s.version} 版</Descriptions.Item>
        <Descriptions.Item label="版本发布时间">{fmt(s.publishedAt)}</Descriptions.Item>
      </Descriptions>
      <AgreementContent html={s.content} />
      <div className="jz-signature-block">
        <Typography.Title level={5}>签署记录</Typography.Title>
        <Descriptions size="small" column={2} bordered>
          <Descriptions.Item label="签署商家">{s.merchantName}</Descriptions.Item>
          <Descriptions.Item label="签署人">{s.signerName}</Descriptions.Item>
          <Descriptions.Item label="签署账号">{s.userName}</Descriptions.Item>
          <Descriptions.Item label="签署时间">{fmt(s.signedAt)}</Descriptions.Item>
          <Descriptions.Item label="签署 IP">{s.ip ?? '-'}</Descriptions.Item>
          <Descriptions.Item label="签署编号">{s.id}</Descriptions.Item>
        </Descriptions>
      </div>
    </Card>
  );
}
