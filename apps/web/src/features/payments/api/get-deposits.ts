import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ResponseValue } from '@wps/contracts/envelope';
import type { Deposit, depositListResponseSchema, depositResponseSchema } from '@wps/contracts/payments';
import { apiRequest } from '../../../lib/api-client';
import { paymentsQueryKeyPrefix } from './query-keys';

export const recentDepositsPageSize = 10;
/** How often a pending deposit is asked about while the player waits for the gateway's answer. */
export const depositPollMs = 2000;

export const getDeposits = (signal?: AbortSignal): Promise<Deposit[]> =>
  apiRequest<ResponseValue<typeof depositListResponseSchema>>('/member/deposits', {
    query: { pageNo: 1, pageSize: recentDepositsPageSize },
    signal,
  }).then((value) => value.list);

export const getDeposit = (id: string, signal?: AbortSignal): Promise<Deposit> =>
  apiRequest<ResponseValue<typeof depositResponseSchema>>(`/member/deposits/${encodeURIComponent(id)}`, {
    signal,
  });

export const getDepositsQueryOptions = () =>
  queryOptions({
    queryKey: [...paymentsQueryKeyPrefix, 'deposits'],
    queryFn: ({ signal }) => getDeposits(signal),
  });

/** One deposit, asked again every 2 s while it is pending; settled ones are not asked again. */
export const getDepositQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...paymentsQueryKeyPrefix, 'deposit', id],
    queryFn: ({ signal }) => getDeposit(id, signal),
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? depositPollMs : false),
  });

export const useRecentDeposits = () => useQuery(getDepositsQueryOptions());
export const useDeposit = (id: string) => useQuery(getDepositQueryOptions(id));
