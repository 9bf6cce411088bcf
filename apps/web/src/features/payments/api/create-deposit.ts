import type { ResponseValue } from '@wps/contracts/envelope';
import type { createDepositRequestSchema, Deposit, depositResponseSchema } from '@wps/contracts/payments';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

export type CreateDepositBody = z.input<typeof createDepositRequestSchema>;

export const createDeposit = (body: CreateDepositBody): Promise<Deposit> =>
  apiRequest<ResponseValue<typeof depositResponseSchema>>('/member/deposits', { method: 'POST', body });
