/** The inbox's queries; the push stream refreshes everything under ['messages'] on a `message` signal. */
export const messagesQueryKeys = {
  all: ['messages'],
  list: (page: number) => ['messages', 'list', page],
  unread: ['messages', 'unread'],
} as const;
