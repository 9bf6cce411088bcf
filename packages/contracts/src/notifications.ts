import { z } from 'zod';
import { successEnvelope } from './envelope';

/** Narrows the development outbox to a channel and one recipient; without them, the newest messages of all. */
export const outboxQuerySchema = z.strictObject({
  channel: z.enum(['sms', 'email']).optional(),
  recipient: z.string().min(3).max(254).optional(),
});

export const outboundMessageSchema = z.object({
  id: z.string(),
  channel: z.enum(['sms', 'email']),
  recipient: z.string(),
  subject: z.string().nullable(),
  body: z.string(),
  provider: z.string(),
  status: z.string(),
  createdAt: z.string(),
});
export const outboxResponseSchema = successEnvelope(z.object({ messages: z.array(outboundMessageSchema) }));
