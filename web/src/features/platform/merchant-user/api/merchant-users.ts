import type { Page } from '@jz/contracts/envelope';
import type { MerchantUser } from '@jz/contracts/user';
import { api } from '../../../../lib/api-client.ts';

export const merchantUserKeys = { all: ['platform', 'merchantUser'] as const };
export const getMerchantUserPage = (params: object) =>
  api.get<Page<MerchantUser>>('/api/app/user/findAllByPage', params, { quiet: true });
