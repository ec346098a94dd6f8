import { regionApi } from '@jz/contracts/api/region';
import type { RegionNode } from '@jz/contracts/region';
import { useQuery } from '@tanstack/react-query';
import { Cascader } from 'antd';
import { callContract } from '../../lib/contract-client.ts';

/** The province / city / district tree (static data: fetched once per session). */
export const regionQuery = {
  queryKey: ['region', 'tree'] as const,
  queryFn: () => callContract(regionApi.tree, {}, { quiet: true }),
  staleTime: Number.POSITIVE_INFINITY,
  gcTime: Number.POSITIVE_INFINITY,
};

export const useRegionTree = () => useQuery(regionQuery);

export interface RegionCascaderProps {
  /** Form.Item passes the field's id: it goes on the search input, so the item's <label for> names it. */
  id?: string;
  'aria-label'?: string;
  /** Six-digit codes: [province, city, district]. */
  value?: string[];
  onChange?: (codes: string[], names: string[]) => void;
  placeholder?: string;
  disabled?: boolean;
  width?: number | string;
  /** Allow choosing a province or city without going down to the district. */
  changeOnSelect?: boolean;
}

/** Names along a code path, e.g. ['山西省', '运城市', '盐湖区']. */
export function regionNamesOf(tree: RegionNode[] | undefined, codes: string[] | undefined) {
  const out: string[] = [];
  let level = tree;
  for (const c of codes ?? []) {
    const n = level?.find((x) => x.code === c);
    if (!n) break;
    out.push(n.name);
    level = n.children;
  }
  return out;
}

/** Region cascader fed by the region tree (regionApi.tree); searchable by name. */
export function RegionCascader({
  id,
  'aria-label': ariaLabel,
  value,
  onChange,
  placeholder = '请选择省/市/区',
  disabled,
  width = 350,
  changeOnSelect,
}: RegionCascaderProps) {
  const { data, isLoading } = useRegionTree();
  return (
    <Cascader<RegionNode>
      id={id}
      aria-label={ariaLabel}
      options={data ?? []}
      loading={isLoading}
      value={value}
      disabled={disabled}
      placeholder={placeholder}
      changeOnSelect={changeOnSelect}
      fieldNames={{ label: 'name', value: 'code', children: 'children' }}
      showSearch={{ filter: (input, path) => path.some((o) => o.name.includes(input.trim())) }}
      style={{ width }}
      onChange={(v) => {
        const codes = (v ?? []) as string[];
        onChange?.(codes, regionNamesOf(data, codes));
      }}
    />
  );
}
