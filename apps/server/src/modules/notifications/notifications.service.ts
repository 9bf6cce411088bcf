import type { Database } from '../../db/database';
import { type DeliveryBrand, sendEmail, sendSms } from './message-delivery';
import { listOutboxMessages } from './outbox';

export type { DeliveryBrand } from './message-delivery';

/**
 * SMS and email delivery behind one interface. Every message is recorded in `outbound_messages`; while a brand
 * has no provider configured that record is the delivery (the development outbox), readable by admins and
 * tests; a message sent through a real provider is recorded without its text. Sending lives in
 * message-delivery.ts, the record and its reads in outbox.ts.
 */
export const createNotificationService = (deps: { db: Database }) => ({
  sendSms: (brand: DeliveryBrand, recipient: string, body: string) => sendSms(deps, brand, recipient, body),

  sendEmail: (brand: DeliveryBrand, recipient: string, subject: string, body: string) =>
    sendEmail(deps, brand, recipient, subject, body),

  /**
   * The newest messages in the development outbox, of a channel and to a recipient when given (NOT_FOUND once
   * the brand is real).
   */
  listOutboxMessages: (
    brand: Pick<DeliveryBrand, 'id' | 'smsProvider' | 'smtpSettings'>,
    filter: { channel?: 'sms' | 'email' | undefined; recipient?: string | undefined },
    limit = 20,
  ) => listOutboxMessages(deps, brand, filter, limit),
});

export type NotificationService = ReturnType<typeof createNotificationService>;
