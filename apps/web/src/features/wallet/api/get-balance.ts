import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ResponseValue } from '@wps/contracts/envelope';
import type { Balance, balanceResponseSchema } from '@wps/contracts/wallet';
import { apiRequest } from '../../../lib/api-client';
import { walletQueryKeys } from './query-keys';

export const getBalance = (signal?: AbortSignal): Promise<Balance> =>
  apiRequest<ResponseValue<typeof balanceResponseSchema>>('/v2/wallets/balance', { signal });

export const getBalanceQueryOptions = () =>
  queryOptions({
    queryKey: walletQueryKeys.balance,
    queryFn: ({ signal }) => getBalance(signal),
    // The server pushes a signal when the balance changes; the refresh button covers anything missed.
    staleTime: 60_000,
  });

export const useBalance = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...getBalanceQueryOptions(), enabled });
