import { and, desc, eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Database } from '../../db/database';
import { outboundMessages } from './notifications.tables';

type SmsGateway = { url: string; apiKey: string; sender: string };
type SmtpSettings = {
  host: string;
  port: number;
  secure: boolean;
  user: string | null;
  password: string | null;
  from: string;
};
/** What a brand configures for delivery; null settings mean the development outbox. */
export type DeliveryBrand = {
  id: bigint;
  siteName: string;
  smsProvider: SmsGateway | null;
  smtpSettings: SmtpSettings | null;
};

const deliveryTimeoutMs = 10_000;

/**
 * SMS and email delivery behind one interface. Every message is recorded in `outbound_messages`; with no
 * provider configured that record is the delivery (the development outbox), readable by operators and tests.
 */
export const createNotificationService = ({ db }: { db: Database }) => {
  const record = (brand: DeliveryBrand, message: Omit<typeof outboundMessages.$inferInsert, 'brandId'>) =>
    db.insert(outboundMessages).values({ brandId: brand.id, ...message });

  const deliverSms = async (gateway: SmsGateway, recipient: string, body: string): Promise<void> => {
    const response = await fetch(gateway.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${gateway.apiKey}` },
      body: JSON.stringify({ to: recipient, from: gateway.sender, text: body }),
      signal: AbortSignal.timeout(deliveryTimeoutMs),
    });
    if (!response.ok) throw new Error(`SMS gateway answered HTTP ${response.status}`);
  };

  const deliverEmail = async (smtp: SmtpSettings, recipient: string, subject: string, body: string) => {
    const transport = nodemailer.createTransport({
      host: smtp.host,
      port: smtp.port,
      secure: smtp.secure,
      auth: smtp.user ? { user: smtp.user, pass: smtp.password ?? '' } : undefined,
      connectionTimeout: deliveryTimeoutMs,
      // Local and test servers have no certificate worth checking; production servers use `secure`.
      tls: { rejectUnauthorized: smtp.secure },
    });
    await transport.sendMail({ from: smtp.from, to: recipient, subject, text: body });
  };

  /** Sends, records the outcome, and answers whether the message left (or was stored in the outbox). */
  const send = async (
    brand: DeliveryBrand,
    channel: 'sms' | 'email',
    recipient: string,
    subject: string | null,
    body: string,
    deliver: (() => Promise<void>) | null,
  ): Promise<boolean> => {
    if (!deliver) {
      await record(brand, { channel, recipient, subject, body, provider: 'outbox', status: 'stored' });
      return true;
    }
    try {
      await deliver();
      await record(brand, {
        channel,
        recipient,
        subject,
        body,
        provider: channel === 'sms' ? 'http' : 'smtp',
        status: 'sent',
      });
      return true;
    } catch (error) {
      const failure = error instanceof Error ? error.message : 'delivery failed';
      await record(brand, {
        channel,
        recipient,
        subject,
        body,
        provider: channel === 'sms' ? 'http' : 'smtp',
        status: 'failed',
        failure,
      });
      return false;
    }
  };

  return {
    sendSms: (brand: DeliveryBrand, recipient: string, body: string) => {
      const gateway = brand.smsProvider;
      return send(
        brand,
        'sms',
        recipient,
        null,
        body,
        gateway ? () => deliverSms(gateway, recipient, body) : null,
      );
    },

    sendEmail: (brand: DeliveryBrand, recipient: string, subject: string, body: string) => {
      const smtp = brand.smtpSettings;
      return send(
        brand,
        'email',
        recipient,
        subject,
        body,
        smtp ? () => deliverEmail(smtp, recipient, subject, body) : null,
      );
    },

    /** The newest messages to one recipient: the development outbox as operators and tests read it. */
    listMessages: (brandId: bigint, channel: 'sms' | 'email', recipient: string, limit = 20) =>
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
        .limit(limit),
  };
};

export type NotificationService = ReturnType<typeof createNotificationService>;
