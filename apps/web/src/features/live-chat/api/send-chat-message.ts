import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ResponseValue } from '@wps/contracts/envelope';
import type { ChatMessage, ChatMessageRequest, chatMessageResponseSchema } from '@wps/contracts/live-chat';
import { apiRequest } from '../../../lib/api-client';
import { checkProofFile, proofAccept, uploadProof } from '../../payments/api/upload-proof';
import type { ChatTranscriptData } from './get-conversation';
import { liveChatQueryKeys } from './query-keys';

/** For the image input's `accept`: png or jpg. */
export const chatImageAccept = proofAccept;

/** The browser's own check of an image before any upload: png or jpg of at most 5 MB. */
export const checkChatImage = checkProofFile;

export type ChatDraft = { body?: string; image?: File };

/** Uploads the image first (purpose chat_image), then posts the message that refers to it. */
const sendChatMessage = async ({ body, image }: ChatDraft): Promise<ChatMessage> => {
  const request: ChatMessageRequest = {};
  if (body !== undefined) request.body = body;
  if (image !== undefined) request.uploadId = await uploadProof(image, 'chat_image');
  return apiRequest<ResponseValue<typeof chatMessageResponseSchema>>('/chat/messages', {
    method: 'POST',
    body: request,
  });
};

/** The sent message joins the latest page at once; the refetch that follows brings the conversation's state. */
const appendToLatestPage = (
  data: ChatTranscriptData | undefined,
  message: ChatMessage,
): ChatTranscriptData | undefined => {
  const [latest, ...older] = data?.pages ?? [];
  if (data === undefined || latest === undefined || latest === null) return data;
  if (latest.messages.some((existing) => existing.id === message.id)) return data;
  return { ...data, pages: [{ ...latest, messages: [...latest.messages, message] }, ...older] };
};

export const useSendChatMessage = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendChatMessage,
    onSuccess: async (message) => {
      queryClient.setQueryData<ChatTranscriptData>(liveChatQueryKeys.conversation, (data) =>
        appendToLatestPage(data, message),
      );
      await queryClient.invalidateQueries({ queryKey: liveChatQueryKeys.conversation });
    },
  });
};
