import type { ResponseValue } from '@wps/contracts/envelope';
import type {
  downlineTransferRequestSchema,
  transferResponseSchema,
  transferResultSchema,
  uplineTransferRequestSchema,
} from '@wps/contracts/wallet';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

export type TransferResult = z.output<typeof transferResultSchema>;
export type UplineTransferBody = z.input<typeof uplineTransferRequestSchema>;
export type DownlineTransferBody = z.input<typeof downlineTransferRequestSchema>;

/** From the member's main wallet to their direct upline's. */
export const transferToUpline = (body: UplineTransferBody): Promise<TransferResult> =>
  apiRequest<ResponseValue<typeof transferResponseSchema>>('/member/transfers/upline', {
    method: 'POST',
    body,
  });

/** From an agent's main wallet to a member of their own downline, by username. */
export const transferToDownline = (body: DownlineTransferBody): Promise<TransferResult> =>
  apiRequest<ResponseValue<typeof transferResponseSchema>>('/member/transfers/downline', {
    method: 'POST',
    body,
  });
