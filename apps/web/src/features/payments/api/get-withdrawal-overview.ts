import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ResponseValue } from '@wps/contracts/envelope';
import type { withdrawalOverviewResponseSchema } from '@wps/contracts/payments';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { paymentsQueryKeyPrefix } from './query-keys';

export type WithdrawalOverview = z.output<typeof withdrawalOverviewResponseSchema>['value'];

export const getWithdrawalOverview = (signal?: AbortSignal): Promise<WithdrawalOverview> =>
  apiRequest<ResponseValue<typeof withdrawalOverviewResponseSchema>>('/member/withdrawal/overview', {
    signal,
  });

export const getWithdrawalOverviewQueryOptions = () =>
  queryOptions({
    queryKey: [...paymentsQueryKeyPrefix, 'withdrawal-overview'],
    queryFn: ({ signal }) => getWithdrawalOverview(signal),
    staleTime: 0,
  });

export const useWithdrawalOverview = () => useQuery(getWithdrawalOverviewQueryOptions());
