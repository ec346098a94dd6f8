import { ArrowDownOutlined, ArrowUpOutlined, CopyOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  MAX_SPEC_NAME,
  MAX_SPECS_PER_GOODS,
  PER_UNIT_UNITS,
  SPEC_MODE_NAME,
  SPEC_MODES,
  SPEC_UNITS,
  type SpecMode,
} from '@jz/contracts/constants/goods-pricing';
import { Alert, Button, Form, Input, InputNumber, Select, Space, Switch, Table, Tooltip, Typography } from 'antd';
import type { FormInstance, FormListFieldData, Rule } from 'antd/es/form';
import type { ColumnsType } from 'antd/es/table';
import type { ReactNode } from 'react';
import { useConfirm } from '../../../../components/confirm.ts';
import './spec-table.css';
import { PRICE_COLOR } from '../pages/price.ts';
import {
  emptySpec,
  listProblems,
  nameOptional,
  OVERLAP_CELL,
  overlapOf,
  rangeLabel,
  rowProblems,
  type SpecRow,
} from './spec-form.ts';

const MODE_OPTIONS = SPEC_MODES.map((m) => ({ label: SPEC_MODE_NAME[m], value: m }));
const unitOptions = (mode: SpecMode) =>
  (mode === 'area_band' ? ['次'] : mode === 'per_unit' ? PER_UNIT_UNITS : SPEC_UNITS).map((u) => ({
    label: u,
    value: u,
  }));

/** A cell's rule: the contract's schema reads the whole row (cross-field rules included) and answers for this field. */
const cellRule =
  (form: FormInstance, index: number, field: keyof SpecRow): Rule =>
  () => ({
    validator: async () => {
      const row: SpecRow | undefined = form.getFieldValue(['specs', index]);
      if (field === 'name' && !row?.name?.trim() && nameOptional(form.getFieldValue('specs') ?? [])) return;
      const message = rowProblems(row)[field];
      if (message) throw new Error(message);
      // A band overlapping an earlier one: said briefly on its own 面积段 cell too (the whole message is above the
      // table), so a failed save lands on a cell to fix and the row keeps its height.
      const overlap = field === 'areaMin' ? overlapOf(form.getFieldValue('specs') ?? [], index) : null;
      if (overlap) throw new Error(OVERLAP_CELL);
    },
  });

/** The columns add up to 1,070 px (+ borders): the table fits beside the menu at 1366 px. */
const TABLE_WIDTH = 1084;
const NOT_USED = <Typography.Text type="secondary">—</Typography.Text>;
const money = { min: 0, precision: 2, step: 1, style: { width: '100%' } } as const;
const whole = { precision: 0, step: 1, style: { width: '100%' } } as const;

/**
 * 规格 of the goods form (docs/goods-specifications.md §8): one row per specification, in the order customers see
 * them. Cells the row's pricing mode does not use show a dash; the rules are the contract's (goodsSpecInput per row,
 * specListProblems for the list), so the form says what the server would.
 */
export function SpecTable() {
  const form = Form.useFormInstance();
  const rows: (SpecRow | undefined)[] = Form.useWatch('specs', form) ?? [];
  const { confirmDelete } = useConfirm();
  const problems = listProblems(rows);
  const range = rangeLabel(rows);

  const cell = (
    f: FormListFieldData,
    field: keyof SpecRow,
    input: ReactNode,
    dependsOn: (keyof SpecRow)[] = [],
    alsoOn: (string | number)[][] = [],
  ) => (
    <Form.Item
      name={[f.name, field]}
      className={field === 'areaMin' ? 'jz-spec-area-from' : undefined}
      style={{ marginBottom: 0 }}
      rules={[cellRule(form, f.name, field)]}
      dependencies={[...dependsOn.map((d) => ['specs', f.name, d]), ...alsoOn]}
    >
      {input}
    </Form.Item>
  );
  const modeOf = (f: FormListFieldData): SpecMode => rows[f.name]?.mode ?? 'fixed';
  const rowName = (f: FormListFieldData) => rows[f.name]?.name?.trim() || `第 ${f.name + 1} 个规格`;
  /** The cells an overlap of row `i` with an earlier band reads (its 面积段 cell checks again when they change). */
  const earlierBands = (i: number) =>
    Array.from({ length: i }, (_, j) =>
      (['areaMin', 'areaMax', 'mode', 'status', 'name'] as const).map((k) => ['specs', j, k]),
    )
      .flat()
      .concat([
        ['specs', i, 'mode'],
        ['specs', i, 'status'],
        ['specs', i, 'name'],
      ]);

  return (
    <Form.List
      name="specs"
      rules={[
        {
          validator: async (_r, v: SpecRow[] | undefined) => {
            const p = listProblems(v ?? []);
            if (p.length) throw new Error(p[0]);
          },
        },
      ]}
    >
      {(fields, { add, remove, move }) => {
        const columns: ColumnsType<FormListFieldData> = [
          {
            title: '规格名称',
            key: 'name',
            width: 100,
            fixed: 'left',
            render: (_, f) => (
              <>
                {/* An existing specification keeps its id (its orders and stock stay with it). */}
                <Form.Item name={[f.name, 'id']} hidden noStyle>
                  <Input />
                </Form.Item>
                {cell(
                  f,
                  'name',
                  <Input
                    aria-label="规格名称"
                    maxLength={MAX_SPEC_NAME}
                    placeholder={nameOptional(fields) ? '默认同商品名称' : '如：3小时'}
                  />,
                )}
              </>
            ),
          },
          {
            title: '计价方式',
            key: 'mode',
            width: 118,
            render: (_, f) =>
              cell(
                f,
                'mode',
                <Select
                  aria-label="计价方式"
                  options={MODE_OPTIONS}
                  onChange={(m: SpecMode) => {
                    // Keep the unit one the new mode accepts: a band counts in 次, a unit price never in 次.
                    const unit = form.getFieldValue(['specs', f.name, 'unit']);
                    if (m === 'area_band') form.setFieldValue(['specs', f.name, 'unit'], '次');
                    else if (m === 'per_unit' && !(PER_UNIT_UNITS as readonly string[]).includes(unit))
                      form.setFieldValue(['specs', f.name, 'unit'], '小时');
                  }}
                />,
              ),
          },
          {
            title: '单位',
            key: 'unit',
            width: 72,
            render: (_, f) =>
              cell(
                f,
                'unit',
                <Select aria-label="单位" options={unitOptions(modeOf(f))} disabled={modeOf(f) === 'area_band'} />,
                ['mode'],
              ),
          },
          {
            title: '价格（元）',
            key: 'price',
            width: 80,
            render: (_, f) => cell(f, 'priceYuan', <InputNumber aria-label="售价" {...money} />),
          },
          {
            title: '原价（元）',
            key: 'originalPrice',
            width: 88,
            render: (_, f) =>
              cell(f, 'originalPriceYuan', <InputNumber aria-label="原价" placeholder="可不填" {...money} />, [
                'priceYuan',
              ]),
          },
          {
            // One column for what a row's mode limits (a band never has quantities, a package never an area).
            title: (
              <Tooltip title="按次/套餐、按单位计价：起订与最多数量；按面积段：整数平方米，含最小面积、不含最大面积（80 属于 80–120），最大面积不填为以上">
                起订/最多 · 面积段
              </Tooltip>
            ),
            key: 'quantity',
            width: 128,
            render: (_, f) =>
              modeOf(f) === 'area_band' ? (
                <Space.Compact block>
                  {cell(
                    f,
                    'areaMin',
                    <InputNumber aria-label="最小面积" min={0} placeholder="0" {...whole} />,
                    ['areaMax'],
                    earlierBands(f.name),
                  )}
                  {cell(f, 'areaMax', <InputNumber aria-label="最大面积" min={1} placeholder="不限" {...whole} />, [
                    'areaMin',
                  ])}
                </Space.Compact>
              ) : (
                <Space.Compact block>
                  {cell(f, 'minQuantity', <InputNumber aria-label="起订数量" min={1} {...whole} />)}
                  {cell(f, 'maxQuantity', <InputNumber aria-label="最多数量" min={1} placeholder="不限" {...whole} />, [
                    'minQuantity',
                  ])}
                </Space.Compact>
              ),
          },
          {
            title: <Tooltip title="按单位计价时，金额低于最低消费按最低消费收取">最低消费（元）</Tooltip>,
            key: 'minCharge',
            width: 84,
            render: (_, f) =>
              modeOf(f) === 'per_unit'
                ? cell(f, 'minChargeYuan', <InputNumber aria-label="最低消费" placeholder="不限" {...money} />)
                : NOT_USED,
          },
          {
            title: <Tooltip title="按次/套餐：每份；按面积段：每单；按单位计价：每个单位">服务时长（分钟）</Tooltip>,
            key: 'durationMinutes',
            width: 84,
            render: (_, f) => cell(f, 'durationMinutes', <InputNumber aria-label="服务时长" min={1} {...whole} />),
          },
          {
            title: '库存',
            key: 'stock',
            width: 76,
            render: (_, f) => cell(f, 'stock', <InputNumber aria-label="库存" min={0} placeholder="不限" {...whole} />),
          },
          {
            title: '每日可约',
            key: 'dailyCapacity',
            width: 76,
            render: (_, f) =>
              cell(f, 'dailyCapacity', <InputNumber aria-label="每日可约" min={1} placeholder="不限" {...whole} />),
          },
          {
            title: '启用',
            key: 'status',
            width: 52,
            fixed: 'right',
            render: (_, f) => (
              <Form.Item
                name={[f.name, 'status']}
                style={{ marginBottom: 0 }}
                getValueProps={(v: number) => ({ checked: v === 1 })}
                normalize={(checked: boolean) => (checked ? 1 : 0)}
              >
                <Switch aria-label="启用" size="small" />
              </Form.Item>
            ),
          },
          {
            title: '操作',
            key: 'op',
            width: 112,
            fixed: 'right',
            render: (_, f) => (
              <Space size={0}>
                <Tooltip title="复制">
                  <Button
                    type="text"
                    size="small"
                    aria-label="复制"
                    icon={<CopyOutlined />}
                    disabled={fields.length >= MAX_SPECS_PER_GOODS}
                    onClick={() => {
                      const r: SpecRow = form.getFieldValue(['specs', f.name]);
                      add({ ...r, id: undefined, name: `${r.name ?? ''}（副本）`.slice(0, MAX_SPEC_NAME) }, f.name + 1);
                    }}
                  />
                </Tooltip>
                <Tooltip title="上移">
                  <Button
                    type="text"
                    size="small"
                    aria-label="上移"
                    icon={<ArrowUpOutlined />}
                    disabled={f.name === 0}
                    onClick={() => move(f.name, f.name - 1)}
                  />
                </Tooltip>
                <Tooltip title="下移">
                  <Button
                    type="text"
                    size="small"
                    aria-label="下移"
                    icon={<ArrowDownOutlined />}
                    disabled={f.name === fields.length - 1}
                    onClick={() => move(f.name, f.name + 1)}
                  />
                </Tooltip>
                <Tooltip title={fields.length === 1 ? '至少保留一个规格' : '删除'}>
                  <Button
                    type="text"
                    size="small"
                    danger
                    aria-label="删除"
                    icon={<DeleteOutlined />}
                    disabled={fields.length === 1}
                    onClick={async () => {
                      if (await confirmDelete(`确认要删除规格「${rowName(f)}」吗？`)) remove(f.name);
                    }}
                  />
                </Tooltip>
              </Space>
            ),
          },
        ];
        return (
          // A column flexbox, not a vertical Space: its items stretch, so the table takes the whole row. The id is the
          // list's field id: a failed save whose first error is the list's own scrolls here (lib/form-errors.ts).
          // At most the columns' width: the whole table, 操作 included, shows at 1366 px without scrolling the page.
          <div
            id="goodsForm_specs"
            tabIndex={-1}
            style={{ display: 'flex', flexDirection: 'column', gap: 8, maxWidth: TABLE_WIDTH }}
          >
            <Space>
              <Typography.Text type="secondary">顾客看到的价格：</Typography.Text>
              <Typography.Text strong style={{ color: PRICE_COLOR }} data-testid="spec-price-range">
                {range ?? '暂无启用的规格'}
              </Typography.Text>
            </Space>
            {problems.length > 0 && (
              <Alert
                type="error"
                showIcon
                title={
                  problems.length === 1 ? (
                    problems[0]
                  ) : (
                    <ul style={{ margin: 0, paddingLeft: 16 }}>
                      {problems.map((p) => (
                        <li key={p}>{p}</li>
                      ))}
                    </ul>
                  )
                }
              />
            )}
            <Table<FormListFieldData>
              rowKey="key"
              size="small"
              bordered
              pagination={false}
              dataSource={fields}
              columns={columns}
              scroll={{ x: TABLE_WIDTH }}
            />
            <Button
              type="dashed"
              block
              icon={<PlusOutlined />}
              disabled={fields.length >= MAX_SPECS_PER_GOODS}
              onClick={() => add(emptySpec())}
            >
              添加规格
            </Button>
          </div>
        );
      }}
    </Form.List>
  );
}
