import { QueryError, isNotFound } from '../../../../components/QueryState.tsx';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { goodsFields, MAX_PRICE_FEN } from '@jz/contracts/goods';
import { Alert, Button, Card, Form, Input, InputNumber, Radio, Result, Select, Space, Spin } from 'antd';
import type { Rule } from 'antd/es/form';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { RichTextEditor } from '../../../../components/rich-text/RichTextEditor.tsx';
import { TagInput } from '../../../../components/tag-input/TagInput.tsx';
import { FileUpload, ImageUpload } from '../../../../components/upload/index.ts';
import { hasPerm } from '../../../../lib/access.tsx';
import { useDict } from '../../../../lib/dict.tsx';
import { zodRule } from '../../../../lib/zod-rule.ts';
import { type GoodsInput, useGoodsDetail, useGoodsMutations, useShopFuwu } from '../api/goods.ts';
import { pagePath } from '../../../../lib/page-registry.ts';

interface FormValues {
  fuwuId: number;
  name: string;
  coverUrl: string;
  images: string[];
  priceYuan: number;
  originalPriceYuan?: number | null;
  unit: GoodsInput['unit'];
  durationMinutes: number;
  minQuantity: number;
  tags: string[];
  intro?: string;
  sort: number;
  shelfState: number;
}

const toFen = (y: number) => Math.round(y * 100);
const MAX_YUAN = MAX_PRICE_FEN / 100;
const s = goodsFields.shape;

const priceRule: Rule = {
  validator: async (_r, v: number | null | undefined) => {
    if (v === null || v === undefined) throw new Error('请输入价格');
    if (!(v > 0)) throw new Error('价格须大于 0');
    if (v > MAX_YUAN) throw new Error(`价格不能超过 ${MAX_YUAN} 元`);
  },
};
const originalRule = (getPrice: () => number | undefined): Rule => ({
  validator: async (_r, v: number | null | undefined) => {
    if (v === null || v === undefined) return;
    if (!(v > 0)) throw new Error('原价须大于 0');
    if (v > MAX_YUAN) throw new Error(`原价不能超过 ${MAX_YUAN} 元`);
    const p = getPrice();
    if (p !== undefined && p !== null && toFen(v) < toFen(p)) throw new Error('原价不能低于售价');
  },
});
const tagsRule: Rule = {
  validator: async (_r, v: string[] | undefined) => {
    if ((v ?? []).length > 10) throw new Error('最多 10 个标签');
    const long = (v ?? []).find((t) => t.trim().length > 10);
    if (long) throw new Error(`标签「${long}」超过 10 个字`);
  },
};

/** 新增商品 (/shangpinAdd) and its edit mode (/shangpinAdd?id=): yuan in the form, fen in the API. */
export default function GoodsFormPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || undefined;
  const detail = useGoodsDetail(id);
  const { data: fuwu = [], isLoading: fuwuLoading } = useShopFuwu();
  const units = useDict('goods_unit');
  const { add, edit } = useGoodsMutations();
  const [form] = Form.useForm<FormValues>();

  useEffect(() => {
    const g = detail.data;
    if (!g) return;
    form.setFieldsValue({
      fuwuId: g.fuwuId,
      name: g.name,
      coverUrl: g.coverUrl,
      images: g.images,
      priceYuan: g.price / 100,
      originalPriceYuan: g.originalPrice / 100,
      unit: g.unit as GoodsInput['unit'],
      durationMinutes: g.durationMinutes,
      minQuantity: g.minQuantity,
      tags: g.tags,
      intro: g.intro ?? '',
      sort: g.sort,
    });
  }, [detail.data, form]);

  if (!hasPerm(id ? 'merchant:goods:edit' : 'merchant:goods:add'))
    return (
      <Result status="403" title="没有访问权限" subTitle={`您没有${id ? '编辑' : '新增'}商品的权限，请联系管理员。`} />
    );
  if (id && detail.isLoading) return <Spin style={{ display: 'block', margin: '120px auto' }} />;
  if (id && detail.isError && !isNotFound(detail.error))
    return <QueryError error={detail.error} onRetry={detail.refetch} />;
  if (id && detail.isError)
    return (
      <Result
        status="404"
        title="商品不存在"
        extra={<Button onClick={() => navigate(pagePath('merchant.goods.list'))}>返回商品列表</Button>}
      />
    );

  const submit = async (v: FormValues) => {
    const body: GoodsInput = {
      fuwuId: v.fuwuId,
      name: v.name.trim(),
      coverUrl: v.coverUrl,
      images: (v.images ?? []).filter(Boolean),
      price: toFen(v.priceYuan),
      originalPrice: v.originalPriceYuan ? toFen(v.originalPriceYuan) : toFen(v.priceYuan),
      unit: v.unit,
      durationMinutes: v.durationMinutes,
      minQuantity: v.minQuantity,
      tags: (v.tags ?? []).map((t) => t.trim()).filter(Boolean),
      intro: v.intro ?? '',
      sort: v.sort ?? 0,
    };
    if (id) await edit.mutateAsync({ ...body, id });
    else await add.mutateAsync({ ...body, shelfState: v.shelfState });
    navigate(pagePath('merchant.goods.list'));
  };

  return (
    <Card
      variant="borderless"
      title={
        <Space>
          <Button type="text" icon={<ArrowLeftOutlined />} aria-label="返回" onClick={() => navigate(-1)} />
          {id ? '编辑商品' : '新增商品'}
        </Space>
      }
    >
      {!fuwuLoading && !fuwu.length && (
        <Alert
          style={{ marginBottom: 16 }}
          type="warning"
          showIcon
          title="当前店铺还没有开通服务类目，请先在「店铺信息」中选择服务类目。"
          action={<Button onClick={() => navigate(pagePath('merchant.shop.info'))}>去设置</Button>}
        />
      )}
      <Form<FormValues>
        form={form}
        name="goodsForm"
        labelCol={{ span: 3 }}
        wrapperCol={{ span: 12 }}
        initialValues={{
          images: [],
          tags: [],
          durationMinutes: 60,
          minQuantity: 1,
          sort: 0,
          shelfState: 0,
          unit: '次',
        }}
        onFinish={submit}
        scrollToFirstError
      >
        <Form.Item name="fuwuId" label="服务类目" rules={[{ required: true, message: '请选择服务类目' }]}>
          <Select
            placeholder="请选择服务类目"
            options={fuwu.map((f) => ({ label: f.name, value: f.id }))}
            loading={fuwuLoading}
          />
        </Form.Item>
        <Form.Item
          name="name"
          label="商品名称"
          validateFirst
          rules={[{ required: true, message: '请输入商品名称' }, zodRule(s.name)]}
        >
          <Input maxLength={50} showCount placeholder="如：日常保洁 3 小时" />
        </Form.Item>
        <Form.Item
          name="coverUrl"
          label="封面图"
          validateFirst
          rules={[{ required: true, message: '请上传封面图' }, zodRule(s.coverUrl)]}
        >
          <ImageUpload rootPath="goods" label="上传封面" />
        </Form.Item>
        <Form.Item name="images" label="商品图片">
          <FileUpload rootPath="goods" limit={9} />
        </Form.Item>
        <Form.Item label="价格" required style={{ marginBottom: 0 }}>
          <Form.Item name="priceYuan" style={{ display: 'inline-block', marginRight: 16 }} rules={[priceRule]}>
            <InputNumber aria-label="售价" prefix="售价 ¥" min={0} precision={2} step={1} style={{ width: 200 }} />
          </Form.Item>
          <Form.Item
            name="originalPriceYuan"
            style={{ display: 'inline-block' }}
            dependencies={['priceYuan']}
            rules={[originalRule(() => form.getFieldValue('priceYuan'))]}
          >
            <InputNumber
              aria-label="原价"
              prefix="原价 ¥"
              min={0}
              precision={2}
              step={1}
              style={{ width: 200 }}
              placeholder="不填同售价"
            />
          </Form.Item>
        </Form.Item>
        <Form.Item name="unit" label="计价单位" rules={[{ required: true, message: '请选择计价单位' }]}>
          <Select options={units.options} loading={units.loading} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item
          name="durationMinutes"
          label="服务时长"
          rules={[{ required: true, message: '请输入服务时长' }, zodRule(s.durationMinutes)]}
        >
          <InputNumber min={1} max={43200} precision={0} suffix="分钟" style={{ width: 200 }} />
        </Form.Item>
        <Form.Item
          name="minQuantity"
          label="起订数量"
          rules={[{ required: true, message: '请输入起订数量' }, zodRule(s.minQuantity)]}
        >
          <InputNumber min={1} max={999} precision={0} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="tags" label="标签" rules={[tagsRule]} extra="回车添加，最多 10 个，每个不超过 10 个字">
          <TagInput max={10} maxLength={10} placeholder="如：准时上门" />
        </Form.Item>
        <Form.Item name="intro" label="商品介绍" rules={[{ max: 100000, message: '商品介绍过长' }]}>
          <RichTextEditor rootPath="goods" height={350} placeholder="服务内容、流程、注意事项" />
        </Form.Item>
        <Form.Item name="sort" label="排序" rules={[zodRule(s.sort)]} extra="数字越小越靠前">
          <InputNumber min={0} max={9999} precision={0} style={{ width: 200 }} />
        </Form.Item>
        {!id && (
          <Form.Item name="shelfState" label="保存后">
            <Radio.Group
              options={[
                { label: '暂不上架', value: 0 },
                { label: '立即上架', value: 1 },
              ]}
            />
          </Form.Item>
        )}
        <Form.Item wrapperCol={{ offset: 3 }}>
          <Space>
            <Button type="primary" htmlType="submit" loading={add.isPending || edit.isPending}>
              保 存
            </Button>
            <Button onClick={() => navigate(pagePath('merchant.goods.list'))}>取 消</Button>
          </Space>
        </Form.Item>
      </Form>
    </Card>
  );
}
