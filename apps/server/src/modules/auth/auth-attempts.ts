import type { AttemptRule } from '../attempts/attempts.service';
import { authLimits, minute } from './auth-limits';

/**
 * The auth domain's attempt counters (besides the members' login and payment-password rules): each is taken
 * in one statement before the secret is checked or the thing is given, so requests sent at once get exactly
 * the number the rule allows. Keys are built by the use cases: an address, or brand, purpose and recipient.
 */
export const authAttemptRules = {
  /** Failed logins from one address (a success gives its attempt back); the captcha is asked from the third. */
  loginFailuresPerAddress: {
    name: 'member.login.address',
    limit: authLimits.addressRefuseAfter,
    windowMs: authLimits.failureWindowMs,
  },
  /** One code per purpose and recipient a minute. */
  codeResend: { name: 'code.resend', limit: 1, windowMs: authLimits.codeResendMs },
  codesPerRecipient: {
    name: 'code.recipient',
    limit: authLimits.codesPerRecipientPerHour,
    windowMs: 60 * minute,
  },
  codesPerAddress: { name: 'code.address', limit: authLimits.codesPerAddressPerHour, windowMs: 60 * minute },
  freePlayPerAddress: {
    name: 'freeplay.address',
    limit: authLimits.freePlayPerAddressPerHour,
    windowMs: 60 * minute,
  },
} as const satisfies Record<string, AttemptRule>;

/** Registrations from one address an hour; the number is configuration (REGISTRATIONS_PER_ADDRESS_PER_HOUR). */
export const registrationsPerAddress = (limit: number): AttemptRule => ({
  name: 'member.register.address',
  limit,
  windowMs: 60 * minute,
});
