import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ResponseValue } from '@wps/contracts/envelope';
import type { merchantWalletResponseSchema } from '@wps/contracts/wallet';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { walletQueryKeys } from './query-keys';

export type MerchantWallet = z.output<typeof merchantWalletResponseSchema>['value'];

/** Whether the brand uses one wallet for everything or transfer wallets per game vendor. */
export const getMerchantWallet = (signal?: AbortSignal): Promise<MerchantWallet> =>
  apiRequest<ResponseValue<typeof merchantWalletResponseSchema>>('/relay/GCS_merchantWallet', { signal });

export const getMerchantWalletQueryOptions = () =>
  queryOptions({
    queryKey: walletQueryKeys.merchantWallet,
    queryFn: ({ signal }) => getMerchantWallet(signal),
    staleTime: 5 * 60_000,
  });

export const useMerchantWallet = () => useQuery(getMerchantWalletQueryOptions());
