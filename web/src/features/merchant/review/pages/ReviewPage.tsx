import { type Review, type ReviewPage as ReviewPageData, replyBody } from '@jz/contracts/review';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Form, Image, Input, Modal, Rate, Row, Space, Statistic, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useCallback, useState } from 'react';
import { DataTable } from '../../../../components/data-table/DataTable.tsx';
import { RowAction } from '../../../../components/RowAction.tsx';
import { fileUrl } from '../../../../components/upload/upload-api.ts';
import { Auth } from '../../../../lib/access.tsx';
import { initPcQuery } from '../../../../lib/queries.ts';
import { zodRule } from '../../../../lib/zod-rule.ts';
import { filterField } from '../../../../components/data-table/owner-filter-field.ts';
import { getReviewPage, reviewKeys, useFilterOptions, useReviewMutations } from '../api/review.ts';
import { formatDateTime } from '../../../../lib/format.ts';
import { shopSearchField } from '../../../../components/data-table/shop-search-field.ts';

/**
 * 订单评价管理 (/dingdanpingjiaguanli): customers' reviews with rating, content, images, employee and goods; filters
 * by rating, replied or not, and date; one reply per review, editable for 7 days after the review was posted.
 */
export default function ReviewPage() {
  const { data: init } = useQuery(initPcQuery);
  const filterOptions = useFilterOptions();
  const [summary, setSummary] = useState<ReviewPageData['summary'] | null>(null);
  const [editing, setEditing] = useState<Review | null>(null);
  const [form] = Form.useForm<{ merchantReply: string }>();
  const { reply } = useReviewMutations();

  const fetcher = useCallback((p: object) => getReviewPage(p), []);

  const open = (r: Review) => {
    setEditing(r);
    form.setFieldsValue({ merchantReply: r.merchantReply ?? '' });
  };
  const submit = async () => {
    const v = await form.validateFields();
    if (!editing) return;
    await reply.mutateAsync({ id: editing.id, merchantReply: v.merchantReply }).then(
      () => setEditing(null),
      () => undefined,
    );
  };

  const columns: ColumnsType<Review> = [
    {
      title: '评价',
      dataIndex: 'content',
      render: (c: string, r) => (
        <Space orientation="vertical" size={4} style={{ maxWidth: 460 }}>
          <Space>
            <Rate disabled value={r.rating} style={{ fontSize: 14 }} />
            <Typography.Text type="secondary">{r.customerNickname}</Typography.Text>
          </Space>
          <Typography.Paragraph style={{ margin: 0 }}>{c}</Typography.Paragraph>
          {r.images.length > 0 && (
            <Image.PreviewGroup>
              <Space>
                {r.images.map((u) => (
                  <Image key={u} src={fileUrl(u)} width={56} height={56} style={{ objectFit: 'cover' }} />
                ))}
              </Space>
            </Image.PreviewGroup>
          )}
          {r.merchantReply && (
            <Typography.Text type="secondary" style={{ background: '#fafafa', padding: '4px 8px', display: 'block' }}>
              商家回复：{r.merchantReply}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    {
      title: '商品 / 服务人员',
      dataIndex: 'goodsName',
      width: 200,
      render: (g: string, r) => (
        <Space orientation="vertical" size={0}>
          <span>{g}</span>
          <Typography.Text type="secondary">{r.employeeName ?? '-'}</Typography.Text>
        </Space>
      ),
    },
    { title: '订单号', dataIndex: 'orderNo', width: 190 },
    {
      title: '评价时间',
      dataIndex: 'createdAt',
      width: 140,
      render: (v: string) => formatDateTime(v),
    },
    {
      title: '回复状态',
      dataIndex: 'merchantReply',
      width: 100,
      render: (v: string | null) => (v ? <Tag color="success">已回复</Tag> : <Tag color="warning">未回复</Tag>),
    },
    {
      title: '操作',
      key: 'op',
      width: 120,
      fixed: 'right',
      render: (_, r) =>
        r.canReply ? (
          <Auth perm="merchant:review:reply">
            <RowAction onClick={() => open(r)}>{r.merchantReply ? '修改回复' : '回复'}</RowAction>
          </Auth>
        ) : (
          <Typography.Text type="secondary">已过回复期</Typography.Text>
        ),
    },
  ];

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card className="jz-card" variant="borderless">
        <Row gutter={24}>
          <Col span={6}>
            <Statistic title="评价数" value={summary?.count ?? 0} />
          </Col>
          <Col span={6}>
            <Statistic title="平均评分" value={summary?.average ?? 0} precision={1} suffix="/ 5" />
          </Col>
          <Col span={6}>
            <Statistic
              title="待回复"
              value={summary?.unreplied ?? 0}
              styles={{ content: summary?.unreplied ? { color: '#ad4e00' } : undefined }}
            />
          </Col>
          <Col span={6}>
            <Statistic
              title="店铺评分"
              value={summary?.shopRating ?? (summary ? '暂无评分' : '-')}
              precision={summary?.shopRating ? 1 : undefined}
            />
          </Col>
        </Row>
      </Card>
      <DataTable<Review>
        title="订单评价"
        queryKey={reviewKeys.all}
        fetcher={fetcher}
        onData={(d) => setSummary((d as ReviewPageData).summary)}
        columns={columns}
        scrollX={1100}
        search={[
          {
            name: 'rating',
            label: '评分',
            type: 'select',
            width: 120,
            options: [5, 4, 3, 2, 1].map((n) => ({ label: `${n} 星`, value: n })),
          },
          {
            name: 'replied',
            label: '回复状态',
            type: 'select',
            width: 120,
            options: [
              { label: '未回复', value: 0 },
              { label: '已回复', value: 1 },
            ],
          },
          filterField(filterOptions, 'goods'),
          filterField(filterOptions, 'employees'),
          { name: 'created', label: '评价日期', type: 'dateRange' },
          shopSearchField(init),
        ]}
      />
      <Modal
        title={editing?.merchantReply ? '修改回复' : '回复评价'}
        open={!!editing}
        onCancel={() => setEditing(null)}
        onOk={submit}
        okText="提交回复"
        okButtonProps={{ loading: reply.isPending }}
        destroyOnHidden
      >
        {editing && (
          <Space orientation="vertical" style={{ width: '100%' }}>
            <Rate disabled value={editing.rating} />
            <Typography.Paragraph>{editing.content}</Typography.Paragraph>
            <Typography.Text type="secondary">
              可回复至 {formatDateTime(editing.replyDeadline)}，期间可修改回复。
            </Typography.Text>
          </Space>
        )}
        <Form clearOnDestroy form={form} name="review-reply" layout="vertical" style={{ marginTop: 12 }}>
          <Form.Item
            name="merchantReply"
            label="回复内容"
            rules={[{ required: true, message: '请输入回复内容' }, zodRule(replyBody.shape.merchantReply)]}
          >
            <Input.TextArea rows={4} maxLength={500} showCount placeholder="感谢您的评价…" />
          </Form.Item>
        </Form>
      </Modal>
    </Space>
  );
}
