import { QueryError, isNotFound } from '../../../../components/QueryState.tsx';
import { ArrowLeftOutlined, EditOutlined } from '@ant-design/icons';
import {
  Alert,
  Button,
  Card,
  Col,
  Descriptions,
  Empty,
  Image,
  Progress,
  Rate,
  Result,
  Row,
  Space,
  Spin,
  Statistic,
  Tag,
  Tooltip,
} from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { Auth } from '../../../../lib/access.tsx';
import { RichHtml } from '../../../../components/rich-text/RichHtml.tsx';
import { DictTag } from '../../../../lib/dict.tsx';
import { useGoodsDetail } from '../api/goods.ts';
import { PRICE_COLOR } from './price.ts';
import { fileUrl } from '../../../../components/upload/upload-api.ts';
import { formatDate, formatDateTime } from '../../../../lib/format.ts';
import { LongText } from '../../../../components/LongText.tsx';
import { ItemList } from '../../../../components/item-list/ItemList.tsx';
import { pagePath } from '../../../../lib/page-registry.ts';
import { SpecDetailTable } from '../components/SpecDetailTable.tsx';

/** 商品详情 (/shangpinxiangqing?id=): everything about one goods item, its sales and whether customers see it. */
export default function GoodsDetailPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || undefined;
  const q = useGoodsDetail(id);
  if (!id)
    return (
      <Result
        status="404"
        title="缺少商品编号"
        extra={<Button onClick={() => navigate(pagePath('merchant.goods.list'))}>返回商品列表</Button>}
      />
    );
  if (q.isLoading) return <Spin style={{ display: 'block', margin: '120px auto' }} />;
  if (q.isError && !isNotFound(q.error)) return <QueryError error={q.error} onRetry={q.refetch} />;
  if (q.isError || !q.data)
    return (
      <Result
        status="404"
        title="商品不存在"
        subTitle="该商品不存在，或不属于当前店铺。"
        extra={<Button onClick={() => navigate(pagePath('merchant.goods.list'))}>返回商品列表</Button>}
      />
    );
  const g = q.data;
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card
        variant="borderless"
        title={
          <Space>
            <Button
              type="text"
              icon={<ArrowLeftOutlined />}
              aria-label="返回"
              onClick={() => navigate(pagePath('merchant.goods.list'))}
            />
            商品详情
          </Space>
        }
        extra={
          <Auth perm="merchant:goods:edit">
            <Button icon={<EditOutlined />} onClick={() => navigate(pagePath('merchant.goods.add', { id: g.id }))}>
              编辑
            </Button>
          </Auth>
        }
      >
        {g.visibleToCustomers ? (
          <Alert type="success" showIcon title="顾客可见：该商品正在顾客端展示，可以预约。" />
        ) : (
          <Alert type="warning" showIcon title={`顾客不可见：${g.invisibleReason}`} />
        )}
        <Row gutter={24} style={{ marginTop: 16 }}>
          <Col span={6}>
            <Image src={fileUrl(g.coverUrl)} width="100%" style={{ borderRadius: 8 }} alt="封面" />
          </Col>
          <Col span={18}>
            <Descriptions column={2} bordered size="small">
              <Descriptions.Item label="商品名称" span={2}>
                {g.name}
              </Descriptions.Item>
              <Descriptions.Item label="服务类目">{g.fuwuName ?? '-'}</Descriptions.Item>
              <Descriptions.Item label="所属店铺">{g.shopName}</Descriptions.Item>
              <Descriptions.Item label="价格">
                <span style={{ color: PRICE_COLOR, fontWeight: 600 }}>{g.priceLabel}</span>
              </Descriptions.Item>
              <Descriptions.Item label="规格数">{g.specCount} 个</Descriptions.Item>
              <Descriptions.Item label="状态">
                <DictTag type="goods_shelf_state" value={g.shelfState} />
              </Descriptions.Item>
              <Descriptions.Item label="排序">{g.sort}</Descriptions.Item>
              <Descriptions.Item label="标签" span={2}>
                {g.tags.length ? g.tags.map((t) => <Tag key={t}>{t}</Tag>) : '-'}
              </Descriptions.Item>
              <Descriptions.Item label="创建时间">{formatDateTime(g.createdAt)}</Descriptions.Item>
              <Descriptions.Item label="更新时间">{formatDateTime(g.updatedAt)}</Descriptions.Item>
            </Descriptions>
          </Col>
        </Row>
      </Card>
      <Card variant="borderless" title="规格">
        <SpecDetailTable specs={g.specs ?? []} />
      </Card>
      <Card variant="borderless" title="销售与评价">
        <Row gutter={16}>
          <Col span={4}>
            <Statistic title={<Tooltip title="已付款且未取消的订单数">销量</Tooltip>} value={g.sales} suffix="单" />
          </Col>
          <Col span={4}>
            <Statistic title="已完成订单" value={g.orders.completed} />
          </Col>
          <Col span={4}>
            <Statistic title="进行中订单" value={g.orders.active} />
          </Col>
          <Col span={4}>
            <Statistic title="已完成订单实收" value={g.orders.revenue / 100} precision={2} prefix="¥" />
          </Col>
          <Col span={4}>
            <Statistic
              title="商品评分"
              value={g.reviews.average ?? '暂无'}
              precision={g.reviews.average === null ? undefined : 1}
              suffix={g.reviews.average === null ? '' : '/ 5'}
            />
          </Col>
          <Col span={4}>
            <Statistic title="评价数（待回复）" value={g.reviews.count} suffix={`（${g.reviews.unreplied}）`} />
          </Col>
        </Row>
        {g.reviews.count > 0 && (
          <Row gutter={24} style={{ marginTop: 24 }}>
            <Col span={8}>
              {g.reviews.distribution.map((d) => (
                <Space key={d.rating} style={{ width: '100%' }}>
                  <Rate disabled value={d.rating} style={{ fontSize: 12 }} />
                  <Progress
                    percent={Math.round((d.count / g.reviews.count) * 100)}
                    size="small"
                    style={{ width: 160 }}
                    format={() => `${d.count}`}
                  />
                </Space>
              ))}
            </Col>
            <Col span={16}>
              <ItemList
                size="small"
                header="最新评价"
                dataSource={g.reviews.latest}
                renderItem={(r) => (
                  <ItemList.Item>
                    <ItemList.Meta
                      title={
                        <Space>
                          {r.customerNickname}
                          <Rate disabled value={r.rating} style={{ fontSize: 12 }} />
                          <span style={{ color: '#666', fontWeight: 'normal' }}>{formatDate(r.createdAt)}</span>
                          {!r.merchantReply && <Tag color="orange">待回复</Tag>}
                        </Space>
                      }
                      description={<LongText text={r.content} rows={2} />}
                    />
                  </ItemList.Item>
                )}
              />
            </Col>
          </Row>
        )}
      </Card>
      <Card variant="borderless" title="商品图片">
        {g.images.length ? (
          <Image.PreviewGroup>
            <Space wrap>
              {g.images.map((u) => (
                <Image
                  key={u}
                  src={fileUrl(u)}
                  width={160}
                  height={120}
                  style={{ objectFit: 'cover', borderRadius: 4 }}
                  alt="商品图片"
                />
              ))}
            </Space>
          </Image.PreviewGroup>
        ) : (
          <Empty description="暂无图片" />
        )}
      </Card>
      <Card variant="borderless" title="商品介绍">
        {/* The intro was cleaned by the server's sanitiser before it was stored. */}
        {g.intro ? <RichHtml html={g.intro} /> : <Empty description="暂无介绍" />}
      </Card>
    </Space>
  );
}
