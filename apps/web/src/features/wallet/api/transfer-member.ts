import {
  transferResponseSchema,
  type downlineTransferRequestSchema,
  type transferResultSchema,
  type uplineTransferRequestSchema,
} from '@wps/contracts/wallet';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

export type TransferResult = z.output<typeof transferResultSchema>;
export type UplineTransferBody = z.input<typeof uplineTransferRequestSchema>;
export type DownlineTransferBody = z.input<typeof downlineTransferRequestSchema>;

/** From the member's main wallet to their direct upline's. */
export const transferToUpline = (body: UplineTransferBody): Promise<TransferResult> =>
  apiRequest('/member/transfers/upline', transferResponseSchema, { method: 'POST', body });

/** From an agent's main wallet to a member of their own downline, by username. */
export const transferToDownline = (body: DownlineTransferBody): Promise<TransferResult> =>
  apiRequest('/member/transfers/downline', transferResponseSchema, { method: 'POST', body });
