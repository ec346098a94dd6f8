import { cardProductApi } from '@jz/contracts/api/card';
import { useQuery } from '@tanstack/react-query';
import { callContract } from '../../lib/contract-client.ts';

/** Products on sale, for the 售卡 dialog (under the card pages' product key, so their edits refresh it). */
export const useSellableProducts = (enabled: boolean) =>
  useQuery({
    queryKey: ['merchant', 'card', 'products', 'onSale'],
    queryFn: () => callContract(cardProductApi.page, { query: { onSale: 1, pageSize: 100 } }, { quiet: true }),
    enabled,
  });
