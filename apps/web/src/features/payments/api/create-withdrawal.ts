import type { createWithdrawalRequestSchema } from '@wps/contracts/payments';
import { withdrawalResponseSchema, type Withdrawal } from '@wps/contracts/payments';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

export type CreateWithdrawalBody = z.input<typeof createWithdrawalRequestSchema>;

export const createWithdrawal = (body: CreateWithdrawalBody): Promise<Withdrawal> =>
  apiRequest('/member/withdrawals', withdrawalResponseSchema, { method: 'POST', body });
