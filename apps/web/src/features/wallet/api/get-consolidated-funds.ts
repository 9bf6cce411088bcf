import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ResponseValue } from '@wps/contracts/envelope';
import type { ConsolidatedFunds, consolidatedFundsResponseSchema } from '@wps/contracts/wallet';
import { apiRequest } from '../../../lib/api-client';
import { walletQueryKeys } from './query-keys';

export const getConsolidatedFunds = (signal?: AbortSignal): Promise<ConsolidatedFunds> =>
  apiRequest<ResponseValue<typeof consolidatedFundsResponseSchema>>('/member/info/funds/consolidated', {
    signal,
  });

export const getConsolidatedFundsQueryOptions = () =>
  queryOptions({
    queryKey: walletQueryKeys.funds,
    queryFn: ({ signal }) => getConsolidatedFunds(signal),
    staleTime: 0,
  });

export const useConsolidatedFunds = () => useQuery(getConsolidatedFundsQueryOptions());
