import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { outboundMessages } from './notifications.tables';

export type OutboundMessage = Omit<typeof outboundMessages.$inferInsert, 'brandId'>;

/** Records one message and what became of it (stored in the outbox, sent, or failed). */
export const recordMessage = ({ db }: { db: Database }, brandId: bigint, message: OutboundMessage) =>
  db.insert(outboundMessages).values({ brandId, ...message });

/** The newest messages to one recipient: the development outbox as operators and tests read it. */
export const listOutboxMessages = (
  { db }: { db: Database },
  brandId: bigint,
  channel: 'sms' | 'email',
  recipient: string,
  limit: number,
) =>
  db
    .select()
    .from(outboundMessages)
    .where(
      and(
        eq(outboundMessages.brandId, brandId),
        eq(outboundMessages.channel, channel),
        eq(outboundMessages.recipient, recipient),
      ),
    )
    .orderBy(desc(outboundMessages.id))
    .limit(limit);
