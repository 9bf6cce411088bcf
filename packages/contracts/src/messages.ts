import { z } from 'zod';
import { successEnvelope } from './envelope';

/** What the platform tells a member in the inbox; the site words each kind in the member's language. */
export const messageKinds = [
  'deposit_credited',
  'deposit_failed',
  'withdrawal_approved',
  'withdrawal_rejected',
  'transfer_received',
  'adjustment',
  'deposit_bonus_granted',
  'deposit_bonus_refused',
  'chat_received',
  'chat_answered',
] as const;
export const messageKindSchema = z.enum(messageKinds);
export type MessageKind = z.infer<typeof messageKindSchema>;

export const memberMessageSchema = z.object({
  id: z.string(),
  kind: messageKindSchema,
  /** Values the site puts into the kind's wording (amount, currency, reference, reason). */
  params: z.record(z.string(), z.string()),
  /** English wording, for places that do not translate (exports, staff views). */
  title: z.string(),
  body: z.string(),
  isRead: z.boolean(),
  createdAt: z.string(),
});
export type MemberMessage = z.infer<typeof memberMessageSchema>;

export const messageListQuerySchema = z.object({
  pageNo: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export const messageListResponseSchema = successEnvelope(
  z.object({ list: z.array(memberMessageSchema), totalPages: z.number().int(), unread: z.number().int() }),
);
export const unreadCountResponseSchema = successEnvelope(z.object({ count: z.number().int() }));

/** Up to one page of ids per call; reading and deleting touch only the caller's own messages. */
export const messageIdsSchema = z.strictObject({
  ids: z
    .array(z.string().regex(/^\d{1,18}$/))
    .min(1)
    .max(100),
});
export const messageParamsSchema = z.strictObject({ id: z.string().regex(/^\d{1,18}$/) });
export const messagesChangedResponseSchema = successEnvelope(z.object({ changed: z.number().int() }));

/** getUnreadMessageV2: the unread count with the newest unread message (for the marquee's icon and title). */
export const unreadMessageResponseSchema = successEnvelope(
  z.object({ count: z.number().int(), latest: memberMessageSchema.nullable() }),
);
