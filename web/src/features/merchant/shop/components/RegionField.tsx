import { useQuery } from '@tanstack/react-query';
import { Cascader, Input, Space } from 'antd';
import { api } from '../../../../lib/api-client.ts';

interface RegionNode {
  code: string;
  name: string;
  children?: RegionNode[];
}

/**
 * Province / city / district as six-digit codes. Uses the region tree of GET /api/app/huishou/area/findShengShiQu
 * (spec §7); while that call is not available it falls back to three code inputs.
 */
export function RegionField(props: {
  id?: string;
  value?: (string | null | undefined)[];
  onChange?: (v: string[]) => void;
}) {
  const q = useQuery({
    queryKey: ['region', 'tree'],
    queryFn: () =>
      api.get<RegionNode[]>('/api/app/huishou/area/findShengShiQu', undefined, { quiet: true, silentError: true }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  const value = (props.value ?? []).map((v) => v ?? '');
  if (q.data?.length)
    return (
      <Cascader
        id={props.id}
        style={{ width: 380 }}
        placeholder="请选择省 / 市 / 区"
        options={q.data}
        fieldNames={{ label: 'name', value: 'code', children: 'children' }}
        value={value.filter(Boolean)}
        showSearch
        onChange={(v) => props.onChange?.((v ?? []).map(String))}
      />
    );
  const set = (i: number, v: string) => {
    const next = [value[0] ?? '', value[1] ?? '', value[2] ?? ''];
    next[i] = v.replace(/\D/g, '').slice(0, 6);
    props.onChange?.(next);
  };
  return (
    <Space>
      {['省份编码', '城市编码', '区县编码'].map((label, i) => (
        <Input
          key={label}
          id={i === 0 ? props.id : undefined}
          aria-label={label}
          placeholder={label}
          style={{ width: 120 }}
          maxLength={6}
          value={value[i] ?? ''}
          onChange={(e) => set(i, e.target.value)}
        />
      ))}
    </Space>
  );
}
