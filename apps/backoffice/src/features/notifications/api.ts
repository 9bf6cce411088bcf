import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { outboxResponseSchema } from '@wps/contracts/notifications';
import type { z } from 'zod';
import { apiRequest } from '../../lib/api-client';
import { listRefreshMs } from '../../lib/query-client';

export type OutboxMessage = z.infer<typeof outboxResponseSchema>['value']['messages'][number];
export type OutboxChannel = OutboxMessage['channel'] | 'all';

/**
 * The development outbox's newest messages (admins only; the server answers NOT_FOUND while the brand
 * delivers through real providers). Refreshes like the review lists, so a code just sent shows up.
 */
export const useOutbox = (channel: OutboxChannel, enabled: boolean) =>
  useQuery({
    queryKey: ['outbox', channel],
    queryFn: ({ signal }) =>
      apiRequest('/outbox', outboxResponseSchema, {
        query: { channel: channel === 'all' ? undefined : channel },
        signal,
      }),
    enabled,
    refetchInterval: listRefreshMs,
    placeholderData: keepPreviousData,
  });
