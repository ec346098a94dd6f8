import type { InitPc } from '@jz/contracts/auth';
import { Space, Tag } from 'antd';
import { LazySelect } from '../../components/lazy-select/LazySelect.tsx';

/** The header's shop switcher: antd's Select only once the merchant reaches it (LazySelect). */
export function ShopSwitcher({
  shops,
  current,
  onChange,
}: {
  shops: InitPc['allDianpu'];
  current?: number;
  onChange: (id: number) => void;
}) {
  return (
    <LazySelect
      aria-label="切换店铺"
      style={{ minWidth: 260 }}
      value={current}
      onChange={onChange}
      options={shops.map((s) => ({
        value: s.id,
        label: (
          <Space size={4}>
            {s.name}
            {s.parentId === null ? <Tag color="blue">总店</Tag> : <Tag>分店</Tag>}
          </Space>
        ),
      }))}
    />
  );
}
