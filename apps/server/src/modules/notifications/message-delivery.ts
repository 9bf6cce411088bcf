import nodemailer from 'nodemailer';
import type { Database } from '../../db/database';
import { recordMessage } from './outbox';

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

type DeliveryDependencies = { db: Database };

const deliveryTimeoutMs = 10_000;

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

type Message = { channel: 'sms' | 'email'; recipient: string; subject: string | null; body: string };

/** Sends, records the outcome, and answers whether the message left (or was stored in the outbox). */
const sendMessage = async (
  deps: DeliveryDependencies,
  brand: DeliveryBrand,
  message: Message,
  deliver: (() => Promise<void>) | null,
): Promise<boolean> => {
  const { channel, recipient, subject, body } = message;
  if (!deliver) {
    await recordMessage(deps, brand.id, {
      channel,
      recipient,
      subject,
      body,
      provider: 'outbox',
      status: 'stored',
    });
    return true;
  }
  const provider = channel === 'sms' ? 'http' : 'smtp';
  try {
    await deliver();
    await recordMessage(deps, brand.id, { channel, recipient, subject, body, provider, status: 'sent' });
    return true;
  } catch (error) {
    const failure = error instanceof Error ? error.message : 'delivery failed';
    await recordMessage(deps, brand.id, {
      channel,
      recipient,
      subject,
      body,
      provider,
      status: 'failed',
      failure,
    });
    return false;
  }
};

/** An SMS through the brand's gateway, or into the outbox when it has none. */
export const sendSms = (
  deps: DeliveryDependencies,
  brand: DeliveryBrand,
  recipient: string,
  body: string,
): Promise<boolean> => {
  const gateway = brand.smsProvider;
  return sendMessage(
    deps,
    brand,
    { channel: 'sms', recipient, subject: null, body },
    gateway ? () => deliverSms(gateway, recipient, body) : null,
  );
};

/** An email through the brand's SMTP server, or into the outbox when it has none. */
export const sendEmail = (
  deps: DeliveryDependencies,
  brand: DeliveryBrand,
  recipient: string,
  subject: string,
  body: string,
): Promise<boolean> => {
  const smtp = brand.smtpSettings;
  return sendMessage(
    deps,
    brand,
    { channel: 'email', recipient, subject, body },
    smtp ? () => deliverEmail(smtp, recipient, subject, body) : null,
  );
};
