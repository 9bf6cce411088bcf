import { useMutation } from '@tanstack/react-query';
import type { ResponseValue } from '@wps/contracts/envelope';
import type { chatReadResponseSchema } from '@wps/contracts/live-chat';
import { apiRequest } from '../../../lib/api-client';

/** Moves the member's read mark to a message they have seen (the server never moves it back). */
const markChatRead = (messageId: string) =>
  apiRequest<ResponseValue<typeof chatReadResponseSchema>>('/chat/read', {
    method: 'POST',
    body: { messageId },
  });

export const useMarkChatRead = () => useMutation({ mutationFn: markChatRead });
