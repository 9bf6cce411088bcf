import type { createPayoutAccountRequestSchema } from '@wps/contracts/payments';
import { payoutAccountResponseSchema, type PayoutAccount } from '@wps/contracts/payments';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

export type CreatePayoutAccountBody = z.input<typeof createPayoutAccountRequestSchema>;

export const createPayoutAccount = (body: CreatePayoutAccountBody): Promise<PayoutAccount> =>
  apiRequest('/member/payout-accounts', payoutAccountResponseSchema, { method: 'POST', body });
