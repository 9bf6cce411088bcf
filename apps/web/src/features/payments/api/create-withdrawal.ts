import type { ResponseValue } from '@wps/contracts/envelope';
import type {
  createWithdrawalRequestSchema,
  Withdrawal,
  withdrawalResponseSchema,
} from '@wps/contracts/payments';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

export type CreateWithdrawalBody = z.input<typeof createWithdrawalRequestSchema>;

export const createWithdrawal = (body: CreateWithdrawalBody): Promise<Withdrawal> =>
  apiRequest<ResponseValue<typeof withdrawalResponseSchema>>('/member/withdrawals', { method: 'POST', body });
