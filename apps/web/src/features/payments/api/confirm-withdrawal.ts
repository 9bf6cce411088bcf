import type { confirmWithdrawalRequestSchema } from '@wps/contracts/payments';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

export type ConfirmWithdrawalBody = z.input<typeof confirmWithdrawalRequestSchema>;

/** The player's answer to an approved withdrawal (spec section 4); the list is read again afterwards. */
export const confirmWithdrawal = async (id: string, body: ConfirmWithdrawalBody): Promise<void> => {
  await apiRequest<unknown>(`/member/withdrawals/${encodeURIComponent(id)}/confirmation`, {
    method: 'POST',
    body,
  });
};
