import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ResponseValue } from '@wps/contracts/envelope';
import type { messagesChangedResponseSchema } from '@wps/contracts/messages';
import { apiRequest } from '../../../lib/api-client';
import { messagesQueryKeys } from './query-keys';

export const markMessagesRead = (ids: readonly string[]) =>
  apiRequest<ResponseValue<typeof messagesChangedResponseSchema>>('/member/messages/read', {
    method: 'POST',
    body: { ids },
  });

export const markAllMessagesRead = () =>
  apiRequest<ResponseValue<typeof messagesChangedResponseSchema>>('/member/messages/read-all', {
    method: 'POST',
  });

export const deleteMessage = (id: string) =>
  apiRequest<ResponseValue<typeof messagesChangedResponseSchema>>(
    `/member/messages/${encodeURIComponent(id)}`,
    {
      method: 'DELETE',
    },
  );

export const deleteMessages = (ids: readonly string[]) =>
  apiRequest<ResponseValue<typeof messagesChangedResponseSchema>>('/member/messages/delete', {
    method: 'POST',
    body: { ids },
  });

type MessageChange =
  | { kind: 'read'; ids: readonly string[] }
  | { kind: 'read-all' }
  | { kind: 'delete'; ids: readonly string[] };

const applyChange = (change: MessageChange) => {
  if (change.kind === 'read') return markMessagesRead(change.ids);
  if (change.kind === 'read-all') return markAllMessagesRead();
  const [onlyId] = change.ids;
  return change.ids.length === 1 && onlyId !== undefined ? deleteMessage(onlyId) : deleteMessages(change.ids);
};

/** Reads or deletes messages, then refreshes the list and every unread count. */
export const useChangeMessages = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: applyChange,
    onSettled: () => queryClient.invalidateQueries({ queryKey: messagesQueryKeys.all }),
  });
};
