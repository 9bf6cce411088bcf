import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { liveChatQueryKeys } from './query-keys';

/**
 * A chat image as an object URL. Uploads are read with the member's token in the Authorization header, so an
 * <img> cannot point at them: the bytes are fetched and shown through an object URL, kept for the visit with
 * its cache entry (a conversation has few images, and the thumbnail and the full view share it).
 */
const getChatImageUrl = async (uploadId: string, signal: AbortSignal): Promise<string> => {
  const response = await apiFetch(`/chat/images/${encodeURIComponent(uploadId)}`, {
    accept: 'image/*',
    signal,
  });
  return URL.createObjectURL(await response.blob());
};

export const useChatImageUrl = (uploadId: string) =>
  useQuery({
    queryKey: liveChatQueryKeys.image(uploadId),
    queryFn: ({ signal }) => getChatImageUrl(uploadId, signal),
    // An upload never changes, and dropping the entry would leave its object URL behind.
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });
