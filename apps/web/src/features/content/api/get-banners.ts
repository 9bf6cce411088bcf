import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Banner, BannerGroup, bannersResponseSchema } from '@wps/contracts/content';
import type { ResponseValue } from '@wps/contracts/envelope';
import { apiRequest } from '../../../lib/api-client';
import { contentQueryKeys, contentStaleTimeMs } from './content-query-keys';

export const getBanners = (group: BannerGroup, language: string, signal?: AbortSignal): Promise<Banner[]> =>
  apiRequest<ResponseValue<typeof bannersResponseSchema>>('/relay/CSP_getBanners', {
    query: { groupName: group, language },
    signal,
  }).then((value) => value.list);

export const getBannersQueryOptions = (group: BannerGroup, language: string) =>
  queryOptions({
    queryKey: [...contentQueryKeys.banners, { group, language }],
    queryFn: ({ signal }) => getBanners(group, language, signal),
    staleTime: contentStaleTimeMs,
  });

/** The banners of one group (w_login, w_register, w_leftmenu, w_forget; home takes its own from the content call). */
export const useBanners = (group: BannerGroup, language: string) =>
  useQuery(getBannersQueryOptions(group, language));
