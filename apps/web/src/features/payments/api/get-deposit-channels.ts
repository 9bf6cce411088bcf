import { queryOptions, useQuery } from '@tanstack/react-query';
import { depositChannelsResponseSchema, type DepositChannel } from '@wps/contracts/payments';
import { apiRequest } from '../../../lib/api-client';
import { paymentsQueryKeyPrefix } from './query-keys';

export const getDepositChannels = (signal?: AbortSignal): Promise<DepositChannel[]> =>
  apiRequest('/member/deposit/channels', depositChannelsResponseSchema, { signal }).then(
    (value) => value.list,
  );

export const getDepositChannelsQueryOptions = () =>
  queryOptions({
    queryKey: [...paymentsQueryKeyPrefix, 'deposit-channels'],
    queryFn: ({ signal }) => getDepositChannels(signal),
  });

export const useDepositChannels = () => useQuery(getDepositChannelsQueryOptions());
