import { randomInt } from 'node:crypto';
import { AppError } from '../../http/app-error';
import type { VisitorContext } from '../../http/request-context';
import { clearAttempts, takeAttempts } from '../attempts/attempts.service';
import type { BrandContext } from '../site/site.service';
import { authAttemptRules } from './auth-attempts';
import { hashCode } from './auth-checks';
import { authLimits, minute } from './auth-limits';
import type { AuthUseCaseDependencies, CodePurpose } from './auth.service';
import * as repository from './auth.repository';
import { isValidPhoneNumber } from '@wps/contracts/phone-numbers';
import { normaliseDialingCode, normaliseMobile } from './phone-numbers';

/** Where a one-time code goes: a phone by SMS, or an email address. */
export type CodeRecipient =
  { channel: 'sms'; countryDialingCode: string; mobileNum: string } | { channel: 'email'; email: string };

const recipientAddress = (recipient: CodeRecipient): string =>
  recipient.channel === 'sms'
    ? `+${normaliseDialingCode(recipient.countryDialingCode)}${normaliseMobile(recipient.mobileNum)}`
    : recipient.email.trim().toLowerCase();

const resendKey = (context: BrandContext, purpose: CodePurpose, address: string): string =>
  `${context.brand.id}:${purpose}:${address}`;

/** Checks and spends the newest code for the recipient; a wrong guess counts toward the attempt limit. */
export const consumeCode = async (
  { db }: Pick<AuthUseCaseDependencies, 'db'>,
  context: BrandContext,
  purpose: CodePurpose,
  recipient: CodeRecipient,
  code: string | undefined,
): Promise<boolean> => {
  if (!code) return false;
  const address = recipientAddress(recipient);
  const latest = await repository.findLatestVerificationCode(db, {
    brandId: context.brand.id,
    purpose,
    recipient: address,
  });
  if (!latest) return false;
  // The guess is counted on the code's row in one statement before the comparison, so a burst of guesses
  // gets exactly codeMaxAttempts comparisons.
  const attempts = await repository.countVerificationAttempt(db, latest.id);
  if (attempts === undefined || attempts > authLimits.codeMaxAttempts) return false;
  if (latest.codeHash !== hashCode(code)) return false;
  const isUsed = await repository.markVerificationCodeUsed(db, latest.id);
  // A code used up lets the next one for the purpose be asked at once (the minute is between unused codes).
  if (isUsed) await clearAttempts(db, authAttemptRules.codeResend, resendKey(context, purpose, address));
  return isUsed;
};

/**
 * Takes the sending limits before anything is sent: one code a minute per purpose and recipient, and so many an
 * hour per recipient and per address, all or nothing. A request for a number no member has takes them too, so
 * its answers are those of a registered number.
 */
const takeSendingAttempts = async (
  { db }: Pick<AuthUseCaseDependencies, 'db'>,
  context: BrandContext,
  visitor: VisitorContext,
  purpose: CodePurpose,
  address: string,
): Promise<void> => {
  const verdict = await takeAttempts(db, [
    { rule: authAttemptRules.codesPerAddress, key: visitor.ip },
    { rule: authAttemptRules.codeResend, key: resendKey(context, purpose, address) },
    { rule: authAttemptRules.codesPerRecipient, key: `${context.brand.id}:${address}` },
  ]);
  if (!verdict.isAllowed) {
    throw new AppError('RATE_LIMITED', { message: 'Too many requests, please try again after 5 minutes.' });
  }
};

export const sendCode = async (
  deps: Pick<AuthUseCaseDependencies, 'db' | 'notifications'>,
  context: BrandContext,
  visitor: VisitorContext,
  purpose: CodePurpose,
  recipient: CodeRecipient,
): Promise<{ expiredMinutes: number }> => {
  const address = recipientAddress(recipient);
  await takeSendingAttempts(deps, context, visitor, purpose, address);
  const code = randomInt(0, 1_000_000).toString().padStart(6, '0');
  const expiredMinutes = context.brand.smsCodeTtlMinutes;
  await repository.insertVerificationCode(deps.db, {
    brandId: context.brand.id,
    purpose,
    channel: recipient.channel,
    recipient: address,
    codeHash: hashCode(code),
    ip: visitor.ip,
    expiresAt: new Date(Date.now() + expiredMinutes * minute),
  });
  const text = `${context.brand.siteName}: your verification code is ${code}. It expires in ${expiredMinutes} minutes.`;
  const isSent =
    recipient.channel === 'sms'
      ? await deps.notifications.sendSms(context.brand, address, text)
      : await deps.notifications.sendEmail(
          context.brand,
          address,
          `${context.brand.siteName}: verification code`,
          text,
        );
  if (!isSent) {
    throw new AppError('SERVICE_UNAVAILABLE', { message: 'The code could not be sent, please try again.' });
  }
  return { expiredMinutes };
};

/** A code by SMS for registering with a phone, or for a login or password reset without a password. */
export const requestSmsCode = async (
  deps: Pick<AuthUseCaseDependencies, 'db' | 'site' | 'members' | 'notifications'>,
  visitor: VisitorContext,
  purpose: 'register' | 'noLogin',
  countryDialingCode: string,
  mobileNum: string,
) => {
  const context = await deps.site.getBrandContext(visitor);
  const dialingCode = normaliseDialingCode(countryDialingCode);
  const number = normaliseMobile(mobileNum);
  if (!isValidPhoneNumber(dialingCode, number)) {
    throw new AppError('VALIDATION_FAILED', {
      issues: [{ field: 'mobileNo', message: 'Please enter a valid mobile number.' }],
    });
  }
  const owner = await deps.members.findByMobile(context.brand.id, dialingCode, number);
  if (purpose === 'register' && owner) throw new AppError('MOBILE_TAKEN');
  const recipient: CodeRecipient = { channel: 'sms', countryDialingCode: dialingCode, mobileNum: number };
  // For an unknown number the limits are taken and the answer is the same as for a known one, so the call
  // cannot list members; nothing is sent.
  if (purpose === 'noLogin' && !owner) {
    await takeSendingAttempts(deps, context, visitor, purpose, recipientAddress(recipient));
    return { expiredMinutes: context.brand.smsCodeTtlMinutes };
  }
  return sendCode(deps, context, visitor, purpose, recipient);
};
