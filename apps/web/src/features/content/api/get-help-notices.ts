import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Announcement, contentResponseSchema } from '@wps/contracts/content';
import { helpNoticesQuery } from '@wps/contracts/content-rules';
import type { ResponseValue } from '@wps/contracts/envelope';
import { apiRequest } from '../../../lib/api-client';
import { contentQueryKeys, contentStaleTimeMs } from './content-query-keys';

/** The help-centre notices (type H) in force, in the language asked for. */
export const getHelpNotices = (language: string, signal?: AbortSignal): Promise<Announcement[]> =>
  apiRequest<ResponseValue<typeof contentResponseSchema>>('/relay/CSP_getContent', {
    query: helpNoticesQuery(language),
    signal,
  }).then((content) => content.help);

export const getHelpNoticesQueryOptions = (language: string) =>
  queryOptions({
    queryKey: [...contentQueryKeys.help, 'notices', { language }],
    queryFn: ({ signal }) => getHelpNotices(language, signal),
    staleTime: contentStaleTimeMs,
  });

export const useHelpNotices = (language: string) => useQuery(getHelpNoticesQueryOptions(language));
