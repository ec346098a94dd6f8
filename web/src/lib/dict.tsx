import { dictApi } from '@jz/contracts/api/dict';
import { useQuery } from '@tanstack/react-query';
import { Tag } from 'antd';
import { callContract } from './contract-client.ts';

export interface DictItem {
  dictLabel: string;
  dictValue: string;
  type: string;
  tagType: string | null;
}

const TAG_COLORS: Record<string, string | undefined> = {
  default: undefined,
  primary: 'blue',
  info: 'blue',
  danger: 'error',
};

/** A dictionary by type, cached for the session; renders values as labels and tags everywhere. */
export function useDict(type: string) {
  const q = useQuery({
    queryKey: ['dict', type],
    queryFn: async () => {
      const r = await callContract(dictApi.byType, { params: { type } }, { quiet: true, silentError: true });
      if (!r?.dataList?.length) console.warn(`字典「${type}」没有数据`); // docs/spec-notes.md#errors: only a console warning
      return r?.dataList ?? [];
    },
    staleTime: 5 * 60_000,
  });
  const items = q.data ?? [];
  return {
    items,
    /** The query itself, for a picker's loading and error states (`selectStates`). */
    query: q,
    loading: q.isLoading,
    options: items.map((d) => ({ label: d.dictLabel, value: d.dictValue })),
    labelOf: (v: unknown) =>
      items.find((d) => d.dictValue === String(v))?.dictLabel ?? (v === null || v === undefined ? '' : String(v)),
    itemOf: (v: unknown) => items.find((d) => d.dictValue === String(v)),
  };
}

export function DictTag({ type, value }: { type: string; value: unknown }) {
  const { itemOf, labelOf } = useDict(type);
  const item = itemOf(value);
  if (value === null || value === undefined || value === '') return <span>-</span>;
  const color = item?.tagType ? (TAG_COLORS[item.tagType] ?? item.tagType) : undefined;
  return <Tag color={color}>{labelOf(value)}</Tag>;
}
