import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ResponseValue } from '@wps/contracts/envelope';
import type { unreadMessageResponseSchema } from '@wps/contracts/messages';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { useSession } from '../../auth/api/use-session';
import { messagesQueryKeys } from './query-keys';

export type UnreadMessages = z.output<typeof unreadMessageResponseSchema>['value'];

/** getUnreadMessageV2: the unread count and the newest unread message. */
export const getUnreadMessages = (signal?: AbortSignal): Promise<UnreadMessages> =>
  apiRequest<ResponseValue<typeof unreadMessageResponseSchema>>('/relay/getUnreadMessageV2', { signal });

export const getUnreadMessagesQueryOptions = () =>
  queryOptions({ queryKey: messagesQueryKeys.unread, queryFn: ({ signal }) => getUnreadMessages(signal) });

/**
 * The member's unread count for the header, the marquee and the member centre: 0 for guests and trial
 * accounts, which have no inbox (spec section 6). A push `message` signal refetches it.
 */
export const useUnreadMessageCount = (): number => {
  const { isLogin, isTrial } = useSession();
  const query = useQuery({ ...getUnreadMessagesQueryOptions(), enabled: isLogin && !isTrial });
  return isLogin && !isTrial ? (query.data?.count ?? 0) : 0;
};
