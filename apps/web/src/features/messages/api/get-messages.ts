import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ResponseValue } from '@wps/contracts/envelope';
import type { messageListResponseSchema } from '@wps/contracts/messages';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { messagesQueryKeys } from './query-keys';

export type MessagePage = z.output<typeof messageListResponseSchema>['value'];

export const messagePageSize = 10;

export const getMessages = (pageNo: number, signal?: AbortSignal): Promise<MessagePage> =>
  apiRequest<ResponseValue<typeof messageListResponseSchema>>('/member/messages', {
    query: { pageNo, pageSize: messagePageSize },
    signal,
  });

export const getMessagesQueryOptions = (pageNo: number) =>
  queryOptions({
    queryKey: messagesQueryKeys.list(pageNo),
    queryFn: ({ signal }) => getMessages(pageNo, signal),
    placeholderData: keepPreviousData,
  });

export const useMessages = (pageNo: number) => useQuery(getMessagesQueryOptions(pageNo));
