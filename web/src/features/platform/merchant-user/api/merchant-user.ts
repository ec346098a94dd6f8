import { merchantUserApi } from '@jz/contracts/api/merchant-user';
import type { QueryInputOf } from '@jz/contracts/contract';
import { callContract } from '../../../../lib/contract-client.ts';

export const merchantUserKeys = { all: ['platform', 'merchantUser'] as const };

export const getMerchantUserPage = (query: QueryInputOf<typeof merchantUserApi.page>) =>
  callContract(merchantUserApi.page, { query }, { quiet: true });
