import { QueryError, isNotFound } from '../../../../components/QueryState.tsx';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { goodsFields } from '@jz/contracts/goods';
import { legacySpecOf } from '@jz/contracts/constants/goods-pricing';
import { Alert, Button, Card, Form, Input, InputNumber, Radio, Select, Space, Spin } from 'antd';
import { LazyResult } from '../../../../components/result/LazyResult.tsx';
import type { Rule } from 'antd/es/form';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { RichTextEditor } from '../../../../components/rich-text/RichTextEditor.tsx';
import { TagInput } from '../../../../components/tag-input/TagInput.tsx';
import { FileUpload, ImageUpload } from '../../../../components/upload/index.ts';
import { hasPerm } from '../../../../lib/access.tsx';
import { focusFirstError, showSaveRefusal } from '../../../../lib/form-errors.ts';
import { zodRule } from '../../../../lib/zod-rule.ts';
import { type GoodsInput, useGoodsDetail, useGoodsMutations, useShopServiceCategories } from '../api/goods.ts';
import { pagePath } from '../../../../lib/page-registry.ts';
import { SpecTable } from '../components/SpecTable.tsx';
import { emptySpec, refusalCell, type SpecRow, specRowOf, specsBody, wholeMessages } from '../components/spec-form.ts';

interface FormValues {
  fuwuId: number;
  name: string;
  coverUrl: string;
  images: string[];
  /** 规格: what is sold and at what price (the item's price, unit and minutes follow from them on the server). */
  specs: SpecRow[];
  tags: string[];
  intro?: string;
  sort: number;
  shelfState: number;
}

const s = goodsFields.shape;
const FORM_NAME = 'goodsForm';

/** The field a server refusal is about: a specification's cell, or one of the item's own fields. */
const refusalField = (message: string, rows: SpecRow[]) =>
  refusalCell(message, rows) ??
  (/商品名称/.test(message)
    ? ['name']
    : /服务类目/.test(message)
      ? ['fuwuId']
      : /封面/.test(message)
        ? ['coverUrl']
        : /标签/.test(message)
          ? ['tags']
          : null);

const tagsRule: Rule = {
  validator: async (_r, v: string[] | undefined) => {
    if ((v ?? []).length > 10) throw new Error('最多 10 个标签');
    const long = (v ?? []).find((t) => t.trim().length > 10);
    if (long) throw new Error(`标签「${long}」超过 10 个字`);
  },
};

/** 新增商品 (/shangpinAdd) and its edit mode (/shangpinAdd?id=): yuan in the form, fen in the API; 规格 in SpecTable. */
export default function GoodsFormPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || undefined;
  const detail = useGoodsDetail(id);
  const { data: categories = [], isLoading: categoriesLoading } = useShopServiceCategories();
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
      // An item saved before specifications had none until the migration gave it one: the same rule stands in.
      specs: (g.specs?.length ? g.specs : [legacySpecOf(g)]).map(specRowOf),
      tags: g.tags,
      intro: g.intro ?? '',
      sort: g.sort,
    });
  }, [detail.data, form]);

  if (!hasPerm(id ? 'merchant:goods:edit' : 'merchant:goods:add'))
    return (
      <LazyResult
        status="403"
        title="没有访问权限"
        subTitle={`您没有${id ? '编辑' : '新增'}商品的权限，请联系管理员。`}
      />
    );
  if (id && detail.isLoading) return <Spin style={{ display: 'block', margin: '120px auto' }} />;
  if (id && detail.isError && !isNotFound(detail.error))
    return <QueryError error={detail.error} onRetry={detail.refetch} />;
  if (id && detail.isError)
    return (
      <LazyResult
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
      specs: specsBody(v.specs, v.name),
      tags: (v.tags ?? []).map((t) => t.trim()).filter(Boolean),
      intro: v.intro ?? '',
      sort: v.sort ?? 0,
    };
    try {
      if (id) await edit.mutateAsync({ ...body, id });
      else await add.mutateAsync({ ...body, shelfState: v.shelfState });
    } catch (err) {
      showSaveRefusal(form, FORM_NAME, err, (m) => refusalField(m, v.specs ?? []));
      return;
    }
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
      {!categoriesLoading && !categories.length && (
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
        name={FORM_NAME}
        labelCol={{ span: 3 }}
        wrapperCol={{ span: 12 }}
        initialValues={{
          images: [],
          tags: [],
          specs: [emptySpec()],
          sort: 0,
          shelfState: 0,
        }}
        onFinish={submit}
        // The first error in page order, focused, and a message saying so (a list's own error included).
        onFinishFailed={({ errorFields }) =>
          focusFirstError(form, FORM_NAME, wholeMessages(errorFields, form.getFieldValue('specs') ?? []))
        }
        // Forms are capped at 1200 px (styles.css); the 规格 table takes the form's whole width below its label.
        style={{ maxWidth: 1700 }}
      >
        <Form.Item name="fuwuId" label="服务类目" rules={[{ required: true, message: '请选择服务类目' }]}>
          <Select
            placeholder="请选择服务类目"
            options={categories.map((f) => ({ label: f.name, value: f.id }))}
            loading={categoriesLoading}
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
        {/* Label above, table across the whole form: every column fits at 1366 px without a sideways scroll. */}
        <Form.Item label="规格" required labelCol={{ span: 24 }} wrapperCol={{ span: 24 }} labelAlign="left">
          <SpecTable />
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
