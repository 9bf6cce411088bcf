import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { announcementListResponseSchema, Execution } from '@wps/contracts/content';
import type { ResponseValue } from '@wps/contracts/envelope';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { contentQueryKeys, contentStaleTimeMs } from './content-query-keys';

export type AnnouncementPage = z.output<typeof announcementListResponseSchema>['value'];
type AnnouncementFilter = { pageNo: number; pageSize: number; execution: Execution; language: string };

export const getAnnouncements = (
  filter: AnnouncementFilter,
  signal?: AbortSignal,
): Promise<AnnouncementPage> =>
  apiRequest<ResponseValue<typeof announcementListResponseSchema>>('/relay/MCSFE_getListAnnouncements', {
    query: filter,
    signal,
  });

export const getAnnouncementsQueryOptions = (filter: AnnouncementFilter) =>
  queryOptions({
    queryKey: [...contentQueryKeys.announcements, filter],
    queryFn: ({ signal }) => getAnnouncements(filter, signal),
    staleTime: contentStaleTimeMs,
  });

/** A page of the announcements in force for the audience; the previous page stays while the next loads. */
export const useAnnouncements = (filter: AnnouncementFilter) =>
  useQuery({ ...getAnnouncementsQueryOptions(filter), placeholderData: keepPreviousData });
