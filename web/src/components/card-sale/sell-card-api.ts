import { cardProductApi } from '@jz/contracts/api/card';
import { clientApi } from '@jz/contracts/api/client';
import { useQuery } from '@tanstack/react-query';
import { callContract } from '../../lib/contract-client.ts';

/** Products on sale, for the 售卡 dialog (under the card pages' product key, so their edits refresh it). */
export const useSellableProducts = (enabled: boolean) =>
  useQuery({
    queryKey: ['merchant', 'card', 'products', 'onSale'],
    queryFn: () => callContract(cardProductApi.page, { query: { onSale: 1, pageSize: 100 } }, { quiet: true }),
    enabled,
  });

/** Clients found by name or phone tail, for the 售卡 dialog. */
export const useClientSearch = (keyword: string, enabled: boolean) =>
  useQuery({
    queryKey: ['merchant', 'client', 'search', keyword],
    queryFn: () =>
      callContract(
        clientApi.page,
        {
          query: /^(\d{4}|1[3-9]\d{9})$/.test(keyword)
            ? { phone: keyword, pageSize: 20 }
            : { name: keyword, pageSize: 20 },
        },
        { quiet: true },
      ),
    enabled,
  });
