import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { AppError } from '../../http/app-error';
import { type DeliveryBrand, usesDevelopmentOutbox } from './message-delivery';
import { outboundMessages } from './notifications.tables';

export type OutboundMessage = Omit<typeof outboundMessages.$inferInsert, 'brandId'>;

/** Records one message and what became of it (stored in the outbox, sent, or failed). */
export const recordMessage = ({ db }: { db: Database }, brandId: bigint, message: OutboundMessage) =>
  db.insert(outboundMessages).values({ brandId, ...message });

/**
 * The newest messages the development outbox holds, of one channel or both, for one recipient or anyone
 * (the console's outbox page lists them all). It exists only while the brand has no real provider: a brand that sends through an SMS gateway or an SMTP server has no outbox to read, so its
 * members' codes cannot be read back by anyone (NOT_FOUND).
 */
export const listOutboxMessages = (
  { db }: { db: Database },
  brand: Pick<DeliveryBrand, 'id' | 'smsProvider' | 'smtpSettings'>,
  filter: { channel?: 'sms' | 'email' | undefined; recipient?: string | undefined },
  limit: number,
) => {
  if (!usesDevelopmentOutbox(brand)) {
    throw new AppError('NOT_FOUND', {
      message: 'This brand delivers through real providers; the development outbox is off.',
    });
  }
  return db
    .select()
    .from(outboundMessages)
    .where(
      and(
        eq(outboundMessages.brandId, brand.id),
        filter.channel === undefined ? undefined : eq(outboundMessages.channel, filter.channel),
        filter.recipient === undefined ? undefined : eq(outboundMessages.recipient, filter.recipient),
        eq(outboundMessages.provider, 'outbox'),
      ),
    )
    .orderBy(desc(outboundMessages.id))
    .limit(limit);
};
