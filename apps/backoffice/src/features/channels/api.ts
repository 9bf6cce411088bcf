import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  staffChannelListResponseSchema,
  staffChannelResponseSchema,
  type upsertChannelRequestSchema,
} from '@wps/contracts/payments';
import type { z } from 'zod';
import { apiRequest } from '../../lib/api-client';

export type StaffChannel = z.infer<typeof staffChannelResponseSchema>['value'];
export type UpsertChannel = z.input<typeof upsertChannelRequestSchema>;

export const channelsQueryKey = ['payment-channels'] as const;

export const useChannels = () =>
  useQuery({
    queryKey: channelsQueryKey,
    queryFn: ({ signal }) => apiRequest('/payment-channels', staffChannelListResponseSchema, { signal }),
  });

/** Creates the channel, or replaces the one with the same code. */
export const useSaveChannel = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (channel: UpsertChannel) =>
      apiRequest('/payment-channels', staffChannelResponseSchema, { method: 'PUT', body: channel }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: channelsQueryKey }),
        queryClient.invalidateQueries({ queryKey: ['audit'] }),
      ]),
  });
};
