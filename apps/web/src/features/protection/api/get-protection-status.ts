import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ResponseValue } from '@wps/contracts/envelope';
import type { ProtectionStatus, protectionStatusResponseSchema } from '@wps/contracts/protection';
import { apiRequest } from '../../../lib/api-client';
import { protectionQueryKeyPrefix } from './query-keys';

export type { ProtectionStatus };

export const getProtectionStatus = (signal?: AbortSignal): Promise<ProtectionStatus> =>
  apiRequest<ResponseValue<typeof protectionStatusResponseSchema>>('/member/protection', { signal });

/** The member's limits with what each period used, the exclusion in force and the reality-check interval. */
export const getProtectionStatusQueryOptions = () =>
  queryOptions({
    queryKey: [...protectionQueryKeyPrefix, 'status'],
    queryFn: ({ signal }) => getProtectionStatus(signal),
    // Usage moves with every bet and deposit: the section reads it fresh each time it opens.
    staleTime: 0,
  });

export const useProtectionStatus = () => useQuery(getProtectionStatusQueryOptions());
