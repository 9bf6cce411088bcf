import type { setPaymentPasswordRequestSchema } from '@wps/contracts/payments';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

export type SetPaymentPasswordBody = z.input<typeof setPaymentPasswordRequestSchema>;

export const setPaymentPassword = async (body: SetPaymentPasswordBody): Promise<void> => {
  await apiRequest<unknown>('/member/payment-password', { method: 'PUT', body });
};
