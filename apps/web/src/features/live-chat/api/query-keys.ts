/** Every live-chat query key starts with this. */
export const liveChatQueryKeys = {
  all: ['live-chat'] as const,
  conversation: ['live-chat', 'conversation'] as const,
  image: (uploadId: string) => ['live-chat', 'image', uploadId] as const,
};
