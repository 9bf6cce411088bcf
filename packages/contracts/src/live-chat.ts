import { z } from 'zod';
import { successEnvelope } from './envelope';

/** CBS_modelList: the chat entries the brand offers (one live chat today), empty when none is configured. */
export const chatModelSchema = z.object({ modelId: z.string(), title: z.string() });
export const chatModelListResponseSchema = successEnvelope(z.object({ list: z.array(chatModelSchema) }));

/** CBS_launchChat: where the chat opens (the brand's configured chat URL). */
export const launchChatQuerySchema = z.object({ modelId: z.string().max(64).optional() });
export const launchChatResponseSchema = successEnvelope(z.object({ chatUrl: z.string() }));

// ---------------------------------------------------------------------------------------------------------------
// Our own live chat (issue 28, item 3): a member's conversation with the brand's support staff.

/** A database id on the wire: decimal digits. */
const chatIdSchema = z.string().regex(/^\d{1,18}$/);

/** 'waiting': no staff member yet; 'open': assigned; 'closed': ended (the next message opens a new one). */
export const chatStatusSchema = z.enum(['waiting', 'open', 'closed']);
export type ChatStatus = z.infer<typeof chatStatusSchema>;
export const chatSenderSchema = z.enum(['member', 'staff', 'system']);
export type ChatSender = z.infer<typeof chatSenderSchema>;

export const chatBodyMaxLength = 2000;
/** Control characters (C0 and C1) other than tab and line breaks have no place in a chat line. */
const allowedControls = new Set(['\t', '\n', '\r']);
const hasControlCharacter = (text: string): boolean => {
  // Code units suffice: every control character is a single unit, and surrogates are never one.
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if ((code < 0x20 || (code >= 0x7f && code <= 0x9f)) && !allowedControls.has(text.charAt(index)))
      return true;
  }
  return false;
};

/** A message's text: 1 to 2,000 characters after trimming, without control characters. */
export const chatBodySchema = z
  .string()
  .trim()
  .min(1)
  .max(chatBodyMaxLength)
  .refine((text) => !hasControlCharacter(text), { message: 'contains a control character' });

/** A body, an image the sender uploaded beforehand (purpose chat_image), or both. */
export const chatMessageRequestSchema = z
  .strictObject({ body: chatBodySchema.optional(), uploadId: z.uuid().optional() })
  .refine((message) => message.body !== undefined || message.uploadId !== undefined, {
    message: 'a message needs a body or an image',
    path: ['body'],
  });
export type ChatMessageRequest = z.infer<typeof chatMessageRequestSchema>;

export const chatMessageSchema = z.object({
  /** Ascending: the conversation's order. */
  id: z.string(),
  sender: chatSenderSchema,
  body: z.string().nullable(),
  uploadId: z.string().nullable(),
  createdAt: z.string(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const chatConversationSchema = z.object({
  id: z.string(),
  status: chatStatusSchema,
  assignedStaffId: z.string().nullable(),
  createdAt: z.string(),
  lastMessageAt: z.string(),
  closedAt: z.string().nullable(),
  /** The last message each side has read ('0': none). */
  memberReadId: z.string(),
  staffReadId: z.string(),
});
export type ChatConversation = z.infer<typeof chatConversationSchema>;

/** A page of a transcript: the latest messages, or those before a message id; oldest first. */
export const chatTranscriptQuerySchema = z.object({
  before: chatIdSchema.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

export const chatConversationValueSchema = z.object({
  conversation: chatConversationSchema,
  messages: z.array(chatMessageSchema),
  /** Older messages exist before the first one of this page. */
  hasOlder: z.boolean(),
});
/** The member's conversation: the one not closed, else the last closed one; null when they never chatted. */
export const chatConversationResponseSchema = successEnvelope(chatConversationValueSchema.nullable());
export const chatOpenResponseSchema = successEnvelope(chatConversationSchema);
export const chatMessageResponseSchema = successEnvelope(chatMessageSchema);

export const chatReadRequestSchema = z.strictObject({ messageId: chatIdSchema });
/** The read mark after the call (never moved back). */
export const chatReadResponseSchema = successEnvelope(z.object({ readId: z.string() }));
export const chatEmptyResponseSchema = successEnvelope(z.null());

// Staff side (/wps/backoffice/chat).

export const chatConversationParamsSchema = z.strictObject({ id: chatIdSchema });

export const chatQueueQuerySchema = z.object({
  status: chatStatusSchema.optional(),
  assigned: z.enum(['me', 'unassigned', 'all']).default('all'),
  pageNo: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type ChatQueueQuery = z.infer<typeof chatQueueQuerySchema>;

export const chatQueueEntrySchema = z.object({
  conversation: chatConversationSchema,
  member: z.object({ id: z.string(), account: z.string() }),
  lastMessage: chatMessageSchema.nullable(),
  /** Member messages after the staff's read mark. */
  unreadCount: z.number().int(),
});
/** Waiting conversations first, oldest first. */
export const chatQueueResponseSchema = successEnvelope(
  z.object({ list: z.array(chatQueueEntrySchema), totalPages: z.number().int() }),
);

export const chatTranscriptResponseSchema = successEnvelope(
  chatConversationValueSchema.extend({
    member: z.object({
      id: z.string(),
      account: z.string(),
      nickname: z.string(),
      registeredAt: z.string(),
    }),
  }),
);

/** Assign to a staff member of the brand who may reply; to oneself when absent. */
export const chatAssignRequestSchema = z.strictObject({ staffId: chatIdSchema.optional() });
export const chatConversationResponseForStaffSchema = successEnvelope(chatConversationSchema);

export const cannedReplySchema = z.object({ id: z.string(), title: z.string(), body: z.string() });
export const cannedReplyRequestSchema = z.strictObject({
  title: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .refine((text) => !hasControlCharacter(text), { message: 'contains a control character' }),
  body: chatBodySchema,
});
export const cannedReplyParamsSchema = z.strictObject({ id: chatIdSchema });
export const cannedReplyListResponseSchema = successEnvelope(z.object({ list: z.array(cannedReplySchema) }));
export const cannedReplyResponseSchema = successEnvelope(cannedReplySchema);
