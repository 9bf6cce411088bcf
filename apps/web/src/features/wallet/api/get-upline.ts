import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ResponseValue } from '@wps/contracts/envelope';
import type { uplineResponseSchema } from '@wps/contracts/wallet';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { walletQueryKeys } from './query-keys';

export type Upline = NonNullable<z.output<typeof uplineResponseSchema>['value']['upline']>;

/** The member's direct upline, or null when they have none. */
export const getUpline = (signal?: AbortSignal): Promise<Upline | null> =>
  apiRequest<ResponseValue<typeof uplineResponseSchema>>('/member/transfers/upline', { signal }).then(
    (value) => value.upline,
  );

export const getUplineQueryOptions = () =>
  queryOptions({
    queryKey: walletQueryKeys.upline,
    queryFn: ({ signal }) => getUpline(signal),
    staleTime: 5 * 60_000,
  });

export const useUpline = () => useQuery(getUplineQueryOptions());
