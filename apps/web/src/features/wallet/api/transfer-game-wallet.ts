import type { ResponseValue } from '@wps/contracts/envelope';
import type {
  ConsolidatedFunds,
  walletTransferRequestSchema,
  walletTransferResponseSchema,
} from '@wps/contracts/wallet';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

export type GameWalletTransferBody = z.input<typeof walletTransferRequestSchema>;

/** Main wallet to a vendor's game wallet (TO_GAME) or back (TO_MAIN); answers the funds afterwards. */
export const transferGameWallet = (body: GameWalletTransferBody): Promise<ConsolidatedFunds> =>
  apiRequest<ResponseValue<typeof walletTransferResponseSchema>>('/relay/GCS_walletTransfer', {
    method: 'POST',
    body,
  });
