import type { createDepositRequestSchema, Deposit } from '@wps/contracts/payments';
import { depositResponseSchema } from '@wps/contracts/payments';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

export type CreateDepositBody = z.input<typeof createDepositRequestSchema>;

export const createDeposit = (body: CreateDepositBody): Promise<Deposit> =>
  apiRequest('/member/deposits', depositResponseSchema, { method: 'POST', body });
