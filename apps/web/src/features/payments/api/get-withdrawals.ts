import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ResponseValue } from '@wps/contracts/envelope';
import type { Withdrawal, withdrawalListResponseSchema } from '@wps/contracts/payments';
import { apiRequest } from '../../../lib/api-client';
import { paymentsQueryKeyPrefix } from './query-keys';

export const withdrawalsPageSize = 10;

export const getWithdrawals = (signal?: AbortSignal): Promise<Withdrawal[]> =>
  apiRequest<ResponseValue<typeof withdrawalListResponseSchema>>('/member/withdrawals', {
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
