import {
  type InfiniteData,
  keepPreviousData,
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  cannedReplyListResponseSchema,
  cannedReplyResponseSchema,
  chatConversationResponseForStaffSchema,
  chatEmptyResponseSchema,
  chatMessageResponseSchema,
  chatQueueResponseSchema,
  chatReadResponseSchema,
  chatTranscriptResponseSchema,
  type ChatMessage,
  type ChatQueueQuery,
} from '@wps/contracts/live-chat';
import { uploadResponseSchema } from '@wps/contracts/uploads';
import { useEffect, useEffectEvent } from 'react';
import type { z } from 'zod';
import { apiRequest } from '../../lib/api-client';
import { useStaffToken } from '../../lib/staff-token';
import { followChatEvents } from './chat-events';

export type { ChatMessage };
export type ChatQueue = z.infer<typeof chatQueueResponseSchema>['value'];
export type ChatQueueEntry = ChatQueue['list'][number];
export type ChatTranscript = z.infer<typeof chatTranscriptResponseSchema>['value'];
export type CannedReply = z.infer<typeof cannedReplyResponseSchema>['value'];

/** The queue's tabs and what each asks of the server. */
export const queueTabs = {
  waiting: { label: 'Waiting', query: { status: 'waiting', assigned: 'all' } },
  mine: { label: 'Mine', query: { status: 'open', assigned: 'me' } },
  open: { label: 'All open', query: { status: 'open', assigned: 'all' } },
} as const satisfies Record<string, { label: string; query: Pick<ChatQueueQuery, 'status' | 'assigned'> }>;
export type QueueTab = keyof typeof queueTabs;

const chatKey = ['live-chat'] as const;
const queueKey = [...chatKey, 'queue'] as const;
const conversationKey = (id: string) => [...chatKey, 'conversation', id] as const;
const cannedRepliesKey = [...chatKey, 'canned-replies'] as const;

/** The console API path of a chat message's image. */
export const chatImagePath = (uploadId: string) => `/chat/images/${encodeURIComponent(uploadId)}`;

const conversationPath = (id: string, action = '') =>
  `/chat/conversations/${encodeURIComponent(id)}${action === '' ? '' : `/${action}`}`;

/** A page of a queue tab: waiting conversations first, oldest first. Refetched on the stream's `queue` signal. */
export const useChatQueue = (tab: QueueTab, pageNo: number) =>
  useQuery({
    queryKey: [...queueKey, tab, pageNo],
    queryFn: ({ signal }) =>
      apiRequest('/chat/conversations', chatQueueResponseSchema, {
        query: { ...queueTabs[tab].query, pageNo, pageSize: 30 },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

const transcriptPageSize = 50;

/**
 * A conversation with its member: the latest page of messages first, older pages on demand (each page is the
 * messages before the first one of the page after it). Refetched on the stream's signals for it.
 */
export const useChatTranscript = (id: string) =>
  useInfiniteQuery({
    queryKey: conversationKey(id),
    queryFn: ({ signal, pageParam }) =>
      apiRequest(conversationPath(id), chatTranscriptResponseSchema, {
        query: { before: pageParam, limit: transcriptPageSize },
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => (page.hasOlder ? page.messages[0]?.id : undefined),
  });

/** Every message loaded so far, oldest first (pages are held newest first). */
export const messagesOf = (data: InfiniteData<ChatTranscript> | undefined): ChatMessage[] =>
  (data?.pages ?? []).toReversed().flatMap((page) => page.messages);

const refreshConversation = (queryClient: QueryClient, id: string) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: conversationKey(id) }),
    queryClient.invalidateQueries({ queryKey: queueKey }),
  ]);

/** Takes the conversation (to oneself, without a staff id). */
export const useAssignConversation = (id: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest(conversationPath(id, 'assign'), chatConversationResponseForStaffSchema, {
        method: 'POST',
        body: {},
      }),
    // Refreshed whatever the answer: ALREADY_PROCESSED means it was closed meanwhile.
    onSettled: () => refreshConversation(queryClient, id),
  });
};

export const useCloseConversation = (id: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest(conversationPath(id, 'close'), chatConversationResponseForStaffSchema, { method: 'POST' }),
    onSettled: () => refreshConversation(queryClient, id),
  });
};

/** A reply: shown at once (appended to the latest page), then the transcript and the queue refetch. */
export const useSendReply = (id: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    /** Text, or an image (uploaded first, under the chat's rules: png or jpg, 5 MB) sent on its own. */
    mutationFn: async (message: { body: string } | { image: File }) => {
      let body: { body: string } | { uploadId: string };
      if ('image' in message) {
        const form = new FormData();
        form.append('file', message.image);
        const upload = await apiRequest('/chat/images', uploadResponseSchema, { method: 'POST', form });
        body = { uploadId: upload.id };
      } else {
        body = message;
      }
      return apiRequest(conversationPath(id, 'messages'), chatMessageResponseSchema, {
        method: 'POST',
        body,
      });
    },
    onSuccess: (message) => {
      queryClient.setQueryData<InfiniteData<ChatTranscript>>(conversationKey(id), (data) => {
        const [latest, ...older] = data?.pages ?? [];
        if (data === undefined || latest === undefined) return data;
        if (latest.messages.some((shown) => shown.id === message.id)) return data;
        return { ...data, pages: [{ ...latest, messages: [...latest.messages, message] }, ...older] };
      });
    },
    onSettled: () => refreshConversation(queryClient, id),
  });
};

/** Moves the staff's read mark (never back); the stream's signals then refresh the queue's unread count. */
export const useMarkRead = (id: string) =>
  useMutation({
    mutationFn: (messageId: string) =>
      apiRequest(conversationPath(id, 'read'), chatReadResponseSchema, {
        method: 'POST',
        body: { messageId },
      }),
  });

/** Tells the member's open site that staff is typing; nothing is stored. */
export const sendTyping = (id: string) =>
  apiRequest(conversationPath(id, 'typing'), chatEmptyResponseSchema, { method: 'POST' });

/** The brand's canned replies; only for staff who may reply (`enabled`). */
export const useCannedReplies = (enabled: boolean) =>
  useQuery({
    queryKey: cannedRepliesKey,
    queryFn: ({ signal }) => apiRequest('/chat/canned-replies', cannedReplyListResponseSchema, { signal }),
    enabled,
  });

export const useCreateCannedReply = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reply: { title: string; body: string }) =>
      apiRequest('/chat/canned-replies', cannedReplyResponseSchema, { method: 'POST', body: reply }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: cannedRepliesKey }),
  });
};

export const useDeleteCannedReply = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(`/chat/canned-replies/${encodeURIComponent(id)}`, chatEmptyResponseSchema, {
        method: 'DELETE',
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: cannedRepliesKey }),
  });
};

/** `conversation:<id>` and its change, from the stream's frame. */
const conversationEventOf = (type: string, data: string): { id: string; change: string } | null => {
  const id = /^conversation:(\d+)$/.exec(type)?.[1];
  if (id === undefined) return null;
  try {
    const parsed: unknown = JSON.parse(data);
    const change =
      typeof parsed === 'object' && parsed !== null && 'change' in parsed && typeof parsed.change === 'string'
        ? parsed.change
        : '';
    return { id, change };
  } catch {
    return { id, change: '' };
  }
};

/**
 * Follows the brand's chat stream while the screen is open: `queue` refetches the queue, a conversation's
 * message, read mark or status refetches it; typing is handed to `onTyping` (nothing to fetch). After a drop
 * everything of the chat refetches, since the signals sent meanwhile are lost.
 */
export const useStaffChatEvents = (
  onTyping: (conversationId: string) => void,
  onMessage: (id: string) => void,
) => {
  const queryClient = useQueryClient();
  const token = useStaffToken();
  const handleTyping = useEffectEvent(onTyping);
  const handleMessage = useEffectEvent(onMessage);

  useEffect(() => {
    if (token === null) return;
    const controller = new AbortController();
    void followChatEvents({
      signal: controller.signal,
      onEvent: ({ type, data }) => {
        if (type === 'queue') {
          void queryClient.invalidateQueries({ queryKey: queueKey });
          return;
        }
        const event = conversationEventOf(type, data);
        if (event === null) return;
        if (event.change === 'typing') {
          handleTyping(event.id);
          return;
        }
        if (event.change === 'message') handleMessage(event.id);
        void queryClient.invalidateQueries({ queryKey: conversationKey(event.id) });
      },
      onReconnect: () => {
        void queryClient.invalidateQueries({ queryKey: chatKey });
      },
    });
    return () => {
      controller.abort();
    };
  }, [queryClient, token]);
};
