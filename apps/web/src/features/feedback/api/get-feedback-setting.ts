import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ResponseValue } from '@wps/contracts/envelope';
import type { FeedbackSetting, feedbackSettingResponseSchema } from '@wps/contracts/feedback';
import { apiRequest } from '../../../lib/api-client';

export const getFeedbackSetting = (signal?: AbortSignal): Promise<FeedbackSetting> =>
  apiRequest<ResponseValue<typeof feedbackSettingResponseSchema>>('/feedback/setting', { signal });

export const useFeedbackSetting = () =>
  useQuery(
    queryOptions({
      queryKey: ['feedback', 'setting'],
      queryFn: ({ signal }) => getFeedbackSetting(signal),
      staleTime: 5 * 60_000,
    }),
  );
