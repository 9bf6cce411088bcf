import { z } from 'zod';
import { successEnvelope } from './envelope';

/**
 * The member's own account in the security centre (issue 28, item 1): the profile they edit, the contact
 * details they bind with a code, the sessions they are signed in with, and how well
 * the account is protected. Staff see the same member through `members.ts`.
 */

/** A calendar date as the site sends it (spec section 5, "Date format yyyy-MM-dd"). */
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'yyyy-MM-dd');

/** The spec's profile labels the member edits (section 3, "Profile labels"), each optional, trimmed. */
export const editableProfileFields = [
  'nickname',
  'payeeName',
  'birthday',
  'line',
  'whatsapp',
  'facebook',
  'wechat',
  'telegram',
  'zalo',
  'address',
] as const;
export type EditableProfileField = (typeof editableProfileFields)[number];

export const accountProfileSchema = z.object({
  account: z.string(),
  nickname: z.string(),
  /** The real name (payeeName): set once by the member, then changed only by staff. */
  payeeName: z.string().nullable(),
  birthday: z.string().nullable(),
  line: z.string().nullable(),
  whatsapp: z.string().nullable(),
  facebook: z.string().nullable(),
  wechat: z.string().nullable(),
  telegram: z.string().nullable(),
  zalo: z.string().nullable(),
  address: z.string().nullable(),
  /** Masked for display ("+63 ****4567"), null when none is bound. */
  mobileNum: z.string().nullable(),
  /** Masked for display ("al***@example.com"), null when none is bound. */
  email: z.string().nullable(),
  avatarUrl: z.string().nullable(),
});
export type AccountProfile = z.infer<typeof accountProfileSchema>;

/** The checks the security level counts; the level is how many of them hold. */
export const securityChecks = ['password', 'paymentPassword', 'mobile', 'email', 'realName'] as const;
export type SecurityCheck = (typeof securityChecks)[number];
export const securityLevels = ['low', 'medium', 'high'] as const;
export type SecurityLevel = (typeof securityLevels)[number];

/** low below 3 checks, medium at 3 or 4, high with all 5. */
export const securityLevelOf = (passed: number): SecurityLevel =>
  passed >= securityChecks.length ? 'high' : passed >= 3 ? 'medium' : 'low';

export const accountSecuritySchema = z.object({
  level: z.enum(securityLevels),
  checks: z.record(z.enum(securityChecks), z.boolean()),
});
export type AccountSecurity = z.infer<typeof accountSecuritySchema>;

/** GET /wps/member/account */
export const accountResponseSchema = successEnvelope(
  z.object({ profile: accountProfileSchema, security: accountSecuritySchema }),
);

/**
 * PUT /wps/member/account/profile: the fields sent change, the others stay; an empty string clears a field
 * (never the nickname, nor a real name already set). Each follows the brand's field rule where the
 * registration settings name one (payeeName, line, whatsapp, facebook, wechat), else its own bound. Answers
 * the account view. Failures: VALIDATION_FAILED with an issue per field (a rule broken, control characters, a
 * birthday that is not a real past date), UNDER_MINIMUM_AGE (details.minimumAge), FORBIDDEN on `payeeName` when
 * a real name already set would change. Trial accounts: TRIAL_NOT_ALLOWED (every write of this file).
 */
export const profileUpdateRequestSchema = z.strictObject({
  nickname: z.string().trim().min(1).max(32).optional(),
  payeeName: z.string().trim().max(64).optional(),
  birthday: z.union([isoDate, z.literal('')]).optional(),
  line: z.string().trim().max(64).optional(),
  whatsapp: z.string().trim().max(64).optional(),
  facebook: z.string().trim().max(64).optional(),
  wechat: z.string().trim().max(64).optional(),
  telegram: z.string().trim().max(64).optional(),
  zalo: z.string().trim().max(64).optional(),
  address: z.string().trim().max(200).optional(),
});
export type ProfileUpdateRequest = z.infer<typeof profileUpdateRequestSchema>;

/** POST /wps/member/account/mobile/code: a code to the number the member wants to bind. */
export const mobileBindingCodeRequestSchema = z.strictObject({
  countryDialingCode: z.string().regex(/^\+\d{1,4}$/),
  mobileNum: z
    .string()
    .trim()
    .regex(/^\d{4,15}$/),
});
/**
 * POST /wps/member/account/mobile: binds the number with the code it received; answers the account view. A wrong,
 * spent or expired code is VERIFICATION_CODE_INVALID; a number another member has bound is MOBILE_TAKEN (also
 * when the code is asked for); a number not valid for its country is VALIDATION_FAILED on `mobileNum`.
 */
export const mobileBindingRequestSchema = mobileBindingCodeRequestSchema.extend({
  verificationCode: z.string().regex(/^\d{4,8}$/),
});

/** POST /wps/member/account/email/code: a code mailed to the address the member wants to bind. */
export const emailBindingCodeRequestSchema = z.strictObject({ email: z.email().max(254) });
/**
 * POST /wps/member/account/email: binds the address with the code it received; answers the account view. An
 * address another member has bound is VALIDATION_FAILED with an issue on `email`.
 */
export const emailBindingRequestSchema = emailBindingCodeRequestSchema.extend({
  verificationCode: z.string().regex(/^\d{4,8}$/),
});

/** A code sent: when it expires, and when another may be asked for. */
export const bindingCodeResponseSchema = successEnvelope(
  z.object({ expiredMinutes: z.number().int(), resendSeconds: z.number().int() }),
);

/** GET /wps/member/account/sessions: where the member is signed in; the request's own session is current. */
export const accountSessionSchema = z.object({
  id: z.string(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  createdAt: z.string(),
  lastSeenAt: z.string().nullable(),
  isCurrent: z.boolean(),
});
export type AccountSession = z.infer<typeof accountSessionSchema>;
export const accountSessionsResponseSchema = successEnvelope(
  z.object({ list: z.array(accountSessionSchema) }),
);
/** DELETE /wps/member/account/sessions/others: signs out every session but the current one. */
export const signOutOthersResponseSchema = successEnvelope(z.object({ signedOut: z.number().int() }));

/**
 * POST /wps/member/account/avatar (multipart, field "file"): png or jpg judged by content, at most 5 MB,
 * cropped square and resized on the server; the answer is the new avatar's address.
 */
export const avatarSize = 256;
export const avatarResponseSchema = successEnvelope(z.object({ avatarUrl: z.string() }));
