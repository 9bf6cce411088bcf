import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ResponseValue } from '@wps/contracts/envelope';
import type { chatModelListResponseSchema, launchChatResponseSchema } from '@wps/contracts/live-chat';
import { apiRequest } from '../../../lib/api-client';

/** CBS_modelList: the brand's chat entries (empty without a live chat). */
export const useChatModels = () =>
  useQuery(
    queryOptions({
      queryKey: ['site', 'chat-models'],
      queryFn: async ({ signal }) =>
        (
          await apiRequest<ResponseValue<typeof chatModelListResponseSchema>>('/relay/CBS_modelList', {
            signal,
          })
        ).list,
      staleTime: 5 * 60_000,
    }),
  );

/** CBS_launchChat: the chat's URL. */
export const launchChat = async (modelId: string): Promise<string> =>
  (
    await apiRequest<ResponseValue<typeof launchChatResponseSchema>>('/relay/CBS_launchChat', {
      query: { modelId },
    })
  ).chatUrl;
