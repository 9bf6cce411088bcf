import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ResponseValue } from '@wps/contracts/envelope';
import type { DepositChannel, depositChannelsResponseSchema } from '@wps/contracts/payments';
import { apiRequest } from '../../../lib/api-client';
import { paymentsQueryKeyPrefix } from './query-keys';

export const getDepositChannels = (signal?: AbortSignal): Promise<DepositChannel[]> =>
  apiRequest<ResponseValue<typeof depositChannelsResponseSchema>>('/member/deposit/channels', {
    signal,
  }).then((value) => value.list);

export const getDepositChannelsQueryOptions = () =>
  queryOptions({
    queryKey: [...paymentsQueryKeyPrefix, 'deposit-channels'],
    queryFn: ({ signal }) => getDepositChannels(signal),
  });

export const useDepositChannels = () => useQuery(getDepositChannelsQueryOptions());
