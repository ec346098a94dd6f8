import { CheckCircleOutlined, FileProtectOutlined } from '@ant-design/icons';
import { signBody } from '@jz/contracts/agreement';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Checkbox, Col, Form, Input, Result, Row, Space, Spin, Tag, Typography } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Auth } from '../../../../lib/access.tsx';
import { DictTag } from '../../../../lib/dict.tsx';
import { zodRule } from '../../../../lib/zod-rule.ts';
import { pendingQuery, useAgreementMutations } from '../api/agreement.ts';
import { AgreementContent } from '../../../../components/agreement/AgreementContent.tsx';
import { formatDateTime } from '../../../../lib/format.ts';
import { ItemList } from '../../../../components/item-list/ItemList.tsx';
import { pagePath } from '../../../../lib/page-registry.ts';
import { QueryError } from '../../../../components/QueryState.tsx';

/**
 * 协议签署 (/xiyixixie): the agreements whose current version the merchant has not signed. The signer reads to the
 * end, ticks, types the name and signs; the server keeps version, signer, user, time and IP.
 */
export default function SignPage() {
  const navigate = useNavigate();
  // The signing page always asks the server: a new version may have been published since the landing page cached it.
  const q = useQuery({ ...pendingQuery, staleTime: 0, refetchOnMount: 'always' });
  const list = q.data ?? [];
  const [selectedId, setSelectedId] = useState<number>();
  const current = list.find((a) => a.id === selectedId) ?? list[0];
  const [readToEnd, setReadToEnd] = useState(false);
  const scrollRef = useRef<HTMLDivElement>(null);
  const [form] = Form.useForm<{ agree: boolean; signerName: string }>();
  const { sign } = useAgreementMutations();

  const checkEnd = useCallback(() => {
    const el = scrollRef.current;
    if (el && el.scrollTop + el.clientHeight >= el.scrollHeight - 8) setReadToEnd(true);
  }, []);

  // A new agreement (or version) starts unread; short texts that fit the box count as read at once.
  const shownKey = current ? `${current.id}:${current.version}` : '';
  useEffect(() => {
    if (!shownKey) return;
    setReadToEnd(false);
    form.setFieldValue('agree', false);
    scrollRef.current?.scrollTo({ top: 0 });
    const t = setTimeout(checkEnd, 50);
    return () => clearTimeout(t);
  }, [shownKey, checkEnd, form]);

  if (q.isLoading)
    return (
      <Spin style={{ display: 'block', margin: '120px auto' }} description="拼命加载中">
        <div />
      </Spin>
    );
  if (q.isError) return <QueryError error={q.error} onRetry={() => q.refetch()} title="协议加载失败" />;
  if (!current)
    return (
      <Card className="jz-card">
        <Result
          status="success"
          icon={<CheckCircleOutlined />}
          title="所有协议均已签署"
          subTitle="平台发布新协议或新版本时，会通过消息通知您前来签署。"
          extra={
            <Button type="primary" onClick={() => navigate(pagePath('merchant.agreement.mine'))}>
              查看我的协议
            </Button>
          }
        />
      </Card>
    );

  const mustSignCount = list.filter((a) => a.mustSign === 1).length;
  const submit = async (v: { signerName: string }) => {
    await sign.mutateAsync({ id: current.id, signerName: v.signerName, version: current.version });
    form.resetFields();
    setSelectedId(undefined);
  };

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      {mustSignCount > 0 && (
        <Alert type="warning" showIcon title={`您有 ${mustSignCount} 份必签协议待签署，签署前将无法申请提现。`} />
      )}
      <Row gutter={16}>
        <Col span={7}>
          <Card className="jz-card" title={`待签署协议（${list.length}）`}>
            <ItemList
              dataSource={list}
              renderItem={(a) => (
                <ItemList.Item
                  style={{
                    cursor: 'pointer',
                    background: a.id === current.id ? '#e6f4ff' : undefined,
                    padding: '12px 8px',
                    borderRadius: 6,
                  }}
                  onClick={() => setSelectedId(a.id)}
                  aria-current={a.id === current.id}
                >
                  <ItemList.Meta
                    avatar={<FileProtectOutlined style={{ fontSize: 20, color: a.mustSign ? '#fa541c' : '#1677ff' }} />}
                    title={a.title}
                    description={
                      <Space size={4} wrap>
                        {a.mustSign === 1 && <Tag color="red">必签</Tag>}
                        <Tag>第 {a.version} 版</Tag>
                        {a.signedVersion !== null && <Tag color="orange">已更新，需重新签署</Tag>}
                      </Space>
                    }
                  />
                </ItemList.Item>
              )}
            />
          </Card>
        </Col>
        <Col span={17}>
          <Card
            className="jz-card"
            title={
              <Space>
                {current.title}
                <DictTag type="agreement_type" value={current.type} />
                {current.mustSign === 1 && <Tag color="red">必签</Tag>}
              </Space>
            }
            extra={
              <Typography.Text type="secondary">
                第 {current.version} 版 · 发布于 {formatDateTime(current.publishedAt)}
              </Typography.Text>
            }
          >
            {current.signedVersion !== null && (
              <Alert
                style={{ marginBottom: 12 }}
                type="info"
                showIcon
                title={`您已签署第 ${current.signedVersion} 版，平台已发布第 ${current.version} 版，请阅读新版本后重新签署。`}
              />
            )}
            <div ref={scrollRef} className="jz-agreement-scroll" onScroll={checkEnd} data-testid="agreement-scroll">
              <AgreementContent html={current.content} />
            </div>
            <Form
              form={form}
              name="agreementSign"
              layout="vertical"
              style={{ marginTop: 16, maxWidth: 520 }}
              onFinish={submit}
            >
              <Form.Item
                name="agree"
                valuePropName="checked"
                rules={[
                  { validator: (_r, v) => (v ? Promise.resolve() : Promise.reject(new Error('请阅读并勾选同意协议'))) },
                ]}
                extra={readToEnd ? undefined : '请将协议阅读至末尾后勾选'}
              >
                <Checkbox disabled={!readToEnd}>我已阅读并同意《{current.title}》</Checkbox>
              </Form.Item>
              <Form.Item
                name="signerName"
                label="签署人姓名"
                validateFirst
                rules={[{ required: true, message: '请输入签署人姓名' }, zodRule(signBody.shape.signerName)]}
              >
                <Input maxLength={30} placeholder="请输入签署人真实姓名" autoComplete="name" />
              </Form.Item>
              <Auth perm="merchant:agreement:sign">
                <Button type="primary" htmlType="submit" loading={sign.isPending} disabled={!readToEnd}>
                  确认签署
                </Button>
              </Auth>
            </Form>
          </Card>
        </Col>
      </Row>
    </Space>
  );
}
