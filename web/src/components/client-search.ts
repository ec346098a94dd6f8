import { clientApi } from '@jz/contracts/api/client';
import { useQuery } from '@tanstack/react-query';
import { callContract } from '../lib/contract-client.ts';

/** A phone's last four digits or a whole mobile number: searched as a phone, anything else as a name. */
const PHONE_SEARCH = /^(\d{4}|1[3-9]\d{9})$/;

/**
 * Clients (客户档案) found by name or phone tail, 20 at most, for a searchable client Select: the 售卡 dialog and the
 * 周期服务 form. Under the client key, so a client added or edited refreshes it.
 */
export const useClientSearch = (keyword: string, enabled: boolean) =>
  useQuery({
    queryKey: ['merchant', 'client', 'search', keyword],
    queryFn: () =>
      callContract(
        clientApi.page,
        { query: PHONE_SEARCH.test(keyword) ? { phone: keyword, pageSize: 20 } : { name: keyword, pageSize: 20 } },
        { quiet: true },
      ),
    enabled,
  });
