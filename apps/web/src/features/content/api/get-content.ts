import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Content, contentResponseSchema, Execution } from '@wps/contracts/content';
import { homeContentQuery } from '@wps/contracts/content-rules';
import type { ResponseValue } from '@wps/contracts/envelope';
import { apiRequest } from '../../../lib/api-client';
import { contentQueryKeys, contentStaleTimeMs } from './content-query-keys';

export const getContent = (execution: Execution, language: string, signal?: AbortSignal): Promise<Content> =>
  apiRequest<ResponseValue<typeof contentResponseSchema>>('/relay/CSP_getContent', {
    // The parts the home page shows: banners, player notices, the popup, promotions.
    query: homeContentQuery(execution, language),
    signal,
  });

export const getContentQueryOptions = (execution: Execution, language: string) =>
  queryOptions({
    queryKey: [...contentQueryKeys.content, { execution, language }],
    queryFn: ({ signal }) => getContent(execution, language, signal),
    staleTime: contentStaleTimeMs,
  });

/** The content call for one audience (A logged in, B anonymous, F first-time login). */
export const useContent = (execution: Execution, language: string, { enabled = true } = {}) =>
  useQuery({ ...getContentQueryOptions(execution, language), enabled });
