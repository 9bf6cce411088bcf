import type { ResponseValue } from '@wps/contracts/envelope';
import type {
  createPayoutAccountRequestSchema,
  PayoutAccount,
  payoutAccountResponseSchema,
} from '@wps/contracts/payments';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

export type CreatePayoutAccountBody = z.input<typeof createPayoutAccountRequestSchema>;

export const createPayoutAccount = (body: CreatePayoutAccountBody): Promise<PayoutAccount> =>
  apiRequest<ResponseValue<typeof payoutAccountResponseSchema>>('/member/payout-accounts', {
    method: 'POST',
    body,
  });
