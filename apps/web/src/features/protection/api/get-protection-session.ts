import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ResponseValue } from '@wps/contracts/envelope';
import type { ProtectionSession, protectionSessionResponseSchema } from '@wps/contracts/protection';
import { apiRequest } from '../../../lib/api-client';
import { protectionQueryKeyPrefix } from './query-keys';

export type { ProtectionSession };

export const getProtectionSession = (signal?: AbortSignal): Promise<ProtectionSession> =>
  apiRequest<ResponseValue<typeof protectionSessionResponseSchema>>('/member/protection/session', { signal });

// The token is part of the key: a new sign-in is a new session, never the previous one's answer.
export const getProtectionSessionQueryOptions = (token: string) =>
  queryOptions({
    queryKey: [...protectionQueryKeyPrefix, 'session', token],
    queryFn: ({ signal }) => getProtectionSession(signal),
  });

/**
 * The current session's start, net result and reality-check interval, for a real member's token only (guests
 * and free-play accounts have no session to count). `isFresh` reads it again each time a screen shows it.
 */
export const useProtectionSession = (token: string | null, { isFresh = false } = {}) =>
  useQuery({
    ...getProtectionSessionQueryOptions(token ?? ''),
    enabled: token !== null,
    ...(isFresh && { staleTime: 0 }),
  });
