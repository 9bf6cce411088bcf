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
/** What a brand configures for delivery; both null means the development outbox. */
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

/**
 * What is recorded of a message that went to a real provider: never its text, which carries sign-in codes and
 * reset links. The record keeps who, when, the subject and the outcome.
 */
export const notKeptBody = '[not kept: delivered through the provider]';

/**
 * The development outbox: a brand with neither an SMS gateway nor an SMTP server has its messages recorded
 * readable instead of sent. Once it configures either, it is a real brand and nothing readable is kept.
 */
export const usesDevelopmentOutbox = (brand: Pick<DeliveryBrand, 'smsProvider' | 'smtpSettings'>): boolean =>
  brand.smsProvider === null && brand.smtpSettings === null;

/** Sends, records the outcome, and answers whether the message left (or was stored in the outbox). */
const sendMessage = async (
  deps: DeliveryDependencies,
  brand: DeliveryBrand,
  message: Message,
  deliver: (() => Promise<void>) | null,
): Promise<boolean> => {
  const { channel, recipient, subject, body } = message;
  if (usesDevelopmentOutbox(brand)) {
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
  const record = { channel, recipient, subject, body: notKeptBody };
  if (!deliver) {
    // A real brand without a provider for this channel: the message cannot leave, and no outbox stands in.
    const failure = `no ${channel === 'sms' ? 'SMS gateway' : 'SMTP server'} is configured`;
    await recordMessage(deps, brand.id, { ...record, provider: 'none', status: 'failed', failure });
    return false;
  }
  const provider = channel === 'sms' ? 'http' : 'smtp';
  try {
    await deliver();
    await recordMessage(deps, brand.id, { ...record, provider, status: 'sent' });
    return true;
  } catch (error) {
    const failure = error instanceof Error ? error.message : 'delivery failed';
    await recordMessage(deps, brand.id, { ...record, provider, status: 'failed', failure });
    return false;
  }
};

/** An SMS through the brand's gateway, or into the outbox while the brand has no provider at all. */
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

/** An email through the brand's SMTP server, or into the outbox while the brand has no provider at all. */
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
