import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import type { ResponseValue } from '@wps/contracts/envelope';
import type { ChatConversation, ChatMessage, chatConversationResponseSchema } from '@wps/contracts/live-chat';
import { apiRequest } from '../../../lib/api-client';
import { liveChatQueryKeys } from './query-keys';

/** A page of the member's conversation; null when they never chatted. */
export type ChatTranscriptPage = ResponseValue<typeof chatConversationResponseSchema>;
export type ChatTranscriptData = InfiniteData<ChatTranscriptPage>;

export const chatPageSize = 50;

const getConversation = (before: string | undefined, signal: AbortSignal): Promise<ChatTranscriptPage> =>
  apiRequest<ChatTranscriptPage>('/chat/conversation', { query: { before, limit: chatPageSize }, signal });

/**
 * The conversation as pages: the first is the latest messages (refetched on every `chat` signal and poll), each
 * next one the messages before it (loaded when the member scrolls up).
 */
export const getConversationQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: liveChatQueryKeys.conversation,
    queryFn: ({ pageParam, signal }) => getConversation(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page: ChatTranscriptPage) => (page?.hasOlder ? page.messages[0]?.id : undefined),
  });

/** Ids are decimal digits of growing numbers: compared as such, not as text. */
export const compareMessageIds = (left: string, right: string): number => {
  const difference = BigInt(left) - BigInt(right);
  return difference === 0n ? 0 : difference < 0n ? -1 : 1;
};

/** The conversation of the latest page and every loaded message once, oldest first. */
export const readTranscript = (
  data: ChatTranscriptData | undefined,
): { conversation: ChatConversation | null; messages: ChatMessage[] } => {
  const pages = data?.pages ?? [];
  const conversation = pages[0]?.conversation ?? null;
  const byId = new Map<string, ChatMessage>();
  for (const page of pages) for (const message of page?.messages ?? []) byId.set(message.id, message);
  return { conversation, messages: [...byId.values()].sort((a, b) => compareMessageIds(a.id, b.id)) };
};

/**
 * The member's conversation; polled every 5 s while no event stream tells of changes (`isLive` false).
 */
export const useConversation = ({ isLive }: { isLive: boolean }) =>
  useInfiniteQuery({ ...getConversationQueryOptions(), refetchInterval: isLive ? false : 5_000 });
