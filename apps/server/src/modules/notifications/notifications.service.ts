import type { Database } from '../../db/database';
import { type DeliveryBrand, sendEmail, sendSms } from './message-delivery';
import { listOutboxMessages } from './outbox';

export type { DeliveryBrand } from './message-delivery';

/**
 * SMS and email delivery behind one interface. Every message is recorded in `outbound_messages`; with no
 * provider configured that record is the delivery (the development outbox), readable by operators and tests.
 * Sending lives in message-delivery.ts, the record and its reads in outbox.ts.
 */
export const createNotificationService = (deps: { db: Database }) => ({
  sendSms: (brand: DeliveryBrand, recipient: string, body: string) => sendSms(deps, brand, recipient, body),

  sendEmail: (brand: DeliveryBrand, recipient: string, subject: string, body: string) =>
    sendEmail(deps, brand, recipient, subject, body),

  /** The newest messages to one recipient: the development outbox as operators and tests read it. */
  listMessages: (brandId: bigint, channel: 'sms' | 'email', recipient: string, limit = 20) =>
    listOutboxMessages(deps, brandId, channel, recipient, limit),
});

export type NotificationService = ReturnType<typeof createNotificationService>;
