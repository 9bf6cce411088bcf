import { queryOptions, useQuery } from '@tanstack/react-query';
import { withdrawalListResponseSchema, type Withdrawal } from '@wps/contracts/payments';
import { apiRequest } from '../../../lib/api-client';
import { paymentsQueryKeyPrefix } from './query-keys';

export const withdrawalsPageSize = 10;

export const getWithdrawals = (signal?: AbortSignal): Promise<Withdrawal[]> =>
  apiRequest('/member/withdrawals', withdrawalListResponseSchema, {
    query: { pageNo: 1, pageSize: withdrawalsPageSize },
    signal,
  }).then((value) => value.list);

export const getWithdrawalsQueryOptions = () =>
  queryOptions({
    queryKey: [...paymentsQueryKeyPrefix, 'withdrawals'],
    queryFn: ({ signal }) => getWithdrawals(signal),
    staleTime: 0,
  });

export const useWithdrawals = () => useQuery(getWithdrawalsQueryOptions());
