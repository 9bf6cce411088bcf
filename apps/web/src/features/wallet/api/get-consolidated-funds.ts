import { queryOptions, useQuery } from '@tanstack/react-query';
import { consolidatedFundsResponseSchema, type ConsolidatedFunds } from '@wps/contracts/wallet';
import { apiRequest } from '../../../lib/api-client';
import { walletQueryKeys } from './query-keys';

export const getConsolidatedFunds = (signal?: AbortSignal): Promise<ConsolidatedFunds> =>
  apiRequest('/member/info/funds/consolidated', consolidatedFundsResponseSchema, { signal });

export const getConsolidatedFundsQueryOptions = () =>
  queryOptions({
    queryKey: walletQueryKeys.funds,
    queryFn: ({ signal }) => getConsolidatedFunds(signal),
    staleTime: 0,
  });

export const useConsolidatedFunds = () => useQuery(getConsolidatedFundsQueryOptions());
