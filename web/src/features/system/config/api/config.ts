import { configApi } from '@jz/contracts/api/config';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callContract } from '../../../../lib/contract-client.ts';

export const configKeys = { byType: (type: string) => ['config', type] as const };

/** A configuration by type, the value decoded: its `content` ('' when never saved or unreadable). */
export async function getConfigContent(type: string): Promise<{ content: string; updatedAt: string | null }> {
  const r = await callContract(configApi.byType, { params: { type } }, { quiet: true });
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

/** Saves type and the content object (the form body carries it JSON-encoded, as the spec's `value`). */
export function useConfigMutations() {
  const qc = useQueryClient();
  return {
    save: useMutation({
      mutationFn: ({ type, content }: { type: string; content: string }) =>
        callContract(configApi.edit, { body: { type, value: { content } } }),
      onSuccess: (_r, v) => qc.invalidateQueries({ queryKey: configKeys.byType(v.type) }),
    }),
  };
}
