import type { setPaymentPasswordRequestSchema } from '@wps/contracts/payments';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { acknowledgementSchema } from './acknowledgement';

export type SetPaymentPasswordBody = z.input<typeof setPaymentPasswordRequestSchema>;

export const setPaymentPassword = async (body: SetPaymentPasswordBody): Promise<void> => {
  await apiRequest('/member/payment-password', acknowledgementSchema, { method: 'PUT', body });
};
