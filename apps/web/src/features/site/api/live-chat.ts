import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ResponseValue } from '@wps/contracts/envelope';
import type { chatModelListResponseSchema, launchChatResponseSchema } from '@wps/contracts/live-chat';
import { apiRequest } from '../../../lib/api-client';
import { useAfterPageLoad } from '../../../lib/use-after-page-load';

/**
 * CBS_modelList: the brand's chat entries (our own chat room today; an empty list shows no entry). Asked for
 * once the page has loaded: the chat icon is not what a first visit comes for.
 */
export const useChatModels = () => {
  const isPageLoaded = useAfterPageLoad();
  return useQuery({
    ...queryOptions({
      queryKey: ['site', 'chat-models'],
      queryFn: async ({ signal }) =>
        (
          await apiRequest<ResponseValue<typeof chatModelListResponseSchema>>('/relay/CBS_modelList', {
            signal,
          })
        ).list,
      staleTime: 5 * 60_000,
    }),
    enabled: isPageLoaded,
  });
};

/** CBS_launchChat: where the chat opens: a site path (our chat room modal) or a brand's external chat desk. */
export const launchChat = async (modelId: string): Promise<string> =>
  (
    await apiRequest<ResponseValue<typeof launchChatResponseSchema>>('/relay/CBS_launchChat', {
      query: { modelId },
    })
  ).chatUrl;
