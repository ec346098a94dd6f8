import type { ConfigRecord } from '@jz/contracts/config';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client.ts';

export const configKeys = { byType: (type: string) => ['config', type] as const };

/** GET /api/app/config/findByType/{type}, the value decoded: its `content` ('' when never saved or unreadable). */
export async function getConfigContent(type: string): Promise<{ content: string; updatedAt: string | null }> {
  const r = await api.get<ConfigRecord>(`/api/app/config/findByType/${encodeURIComponent(type)}`, undefined, {
    quiet: true,
  });
  let content = '';
  try {
    const v = JSON.parse(r?.value ?? '{}');
    if (v && typeof v.content === 'string') content = v.content;
  } catch {
    /* an unreadable value edits as empty */
  }
  return { content, updatedAt: r?.updatedAt ?? null };
}

export const configQuery = (type: string) => ({
  queryKey: configKeys.byType(type),
  queryFn: () => getConfigContent(type),
  staleTime: 0,
});

/** POST /api/app/config/edit with type and value (the JSON-encoded content object). */
export function useSaveConfig() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ type, content }: { type: string; content: string }) =>
      api.post<ConfigRecord>('/api/app/config/edit', { type, value: JSON.stringify({ content }) }),
    onSuccess: (_r, v) => qc.invalidateQueries({ queryKey: configKeys.byType(v.type) }),
  });
}
