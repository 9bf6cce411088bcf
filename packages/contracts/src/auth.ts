import { z } from 'zod';
import { loginTypes } from './auth-rules';
import { successEnvelope } from './envelope';
import { languageCodes } from './site';

export { agentTypes, isAgentType, isTrialType, loginTypes, MemberType } from './auth-rules';

/** Bounded free text: every field has an upper length so no request can carry megabytes in one field. */
const text = (max = 128) => z.string().max(max);
const optionalText = (max = 128) => text(max).optional();

export const sessionValueSchema = z.object({
  token: z.string(),
  firstTimeLogin: z.boolean(),
  passwordExpired: z.boolean(),
  /** The password is the brand's default or has expired: the site opens the change-password modal. */
  mustChangePassword: z.boolean(),
});
export type SessionValue = z.infer<typeof sessionValueSchema>;
export const sessionResponseSchema = successEnvelope(sessionValueSchema);
/**
 * POST /wps/session/remembered: the session of the browser's httpOnly session cookie, for a tab that has no
 * token yet; null (not a failure) when there is none, so a guest's visit makes no failing request.
 */
export const resumedSessionResponseSchema = successEnvelope(sessionValueSchema.nullable());

/** Fields of the human-verification step (slider or third-party check), passed through to the checker. */
const verificationFields = {
  ticket: optionalText(512),
  randstr: optionalText(128),
};

/** Spec section 3, Registration payload; the same body for username (PUT register) and mobile mode. */
export const registerRequestSchema = z.strictObject({
  username: optionalText(64),
  password: text(128),
  confirmPassword: text(128),
  payeeName: optionalText(),
  email: optionalText(),
  qqNum: optionalText(),
  mobileNum: optionalText(32),
  recommenderId: optionalText(),
  captcha: optionalText(16),
  verificationCode: optionalText(16),
  affiliateCode: optionalText(64),
  paymentPassword: optionalText(64),
  line: optionalText(),
  whatsapp: optionalText(),
  facebook: optionalText(),
  wechat: optionalText(),
  idNumber: optionalText(),
  referralCode: optionalText(64),
  domain: optionalText(255),
  countryDialingCode: optionalText(8),
  registerUrl: optionalText(2048),
  registerMethod: z.literal('WEB').optional(),
  login: z.boolean().optional(),
  /** Terms of use and the age consent (the site's terms checkbox). */
  termsAccepted: z.literal(true),
  /**
   * Date of birth (yyyy-MM-dd): required, and at least the brand's minimum age (BIRTHDAY_REQUIRED,
   * UNDER_MINIMUM_AGE); optional here so that a missing one answers its own code.
   */
  birthday: z.iso.date().optional(),
  firebaseChannel: optionalText(),
  firebaseIdToken: optionalText(4096),
  ...verificationFields,
});
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

export const loginRequestSchema = z.strictObject({
  /** The username, or the mobile number for SMS login. */
  username: text(64),
  /** The password, or the SMS code for SMS login. */
  password: text(128),
  captcha: optionalText(16),
  type: z.enum(loginTypes).default('username'),
  countryDialingCode: optionalText(8),
  /** Remember this login for 24 hours instead of the browser session. */
  remember: z.boolean().optional(),
  /** The agent login page (/agent) admits agents only. */
  loginArea: z.enum(['player', 'agent']).default('player'),
  /** Answer to the extra verification step for an address not seen before. */
  verificationCode: optionalText(16),
  ...verificationFields,
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const freePlayRequestSchema = z.strictObject({
  os: optionalText(32),
  platform: z.literal('W').optional(),
});

/** SMS request (spec: mobileNo, also written mobileNum). */
export const smsRequestSchema = z
  .strictObject({
    countryDialingCode: text(8),
    mobileNo: optionalText(32),
    mobileNum: optionalText(32),
    ...verificationFields,
  })
  .refine((body) => body.mobileNo !== undefined || body.mobileNum !== undefined, {
    message: 'mobileNo is required',
    path: ['mobileNo'],
  });
export const smsResponseSchema = successEnvelope(z.object({ expiredMinutes: z.number().int().positive() }));

export const captchaResponseSchema = successEnvelope(z.string().startsWith('data:image/png;base64,'));

export const changePasswordRequestSchema = z.strictObject({
  oldPassword: optionalText(128),
  newPassword: text(128),
  confirmNewPassword: text(128),
});

export const forgotPasswordByEmailRequestSchema = z.strictObject({
  username: text(64),
  email: text(128),
});

/**
 * The second step of a reset by email: the token of the link the email carried, and the new password. Asking
 * (forgotPasswordByEmailRequestSchema) changes nothing; this sets the password, once per link.
 */
export const completePasswordResetRequestSchema = z.strictObject({
  token: z.string().min(16).max(128),
  newPassword: text(128),
});

export const forgotPasswordByPhoneRequestSchema = z.strictObject({
  mobileNum: text(32),
  countryDialingCode: text(8),
  verificationCode: text(16),
  newPassword: text(128),
  confirmNewPassword: optionalText(128),
});

export const affiliateQuerySchema = z.strictObject({ code: text(64), domain: optionalText(255) });
export const affiliateResponseSchema = successEnvelope(z.object({ agentAccount: z.string() }));

/** A member's VIP level: its rank and name per language (English required). */
export const memberVipSchema = z.object({
  rank: z.number().int(),
  name: z.object({ en: z.string(), ur: z.string().optional() }),
});
export type MemberVip = z.infer<typeof memberVipSchema>;

export const memberInfoSchema = z.object({
  id: z.string(),
  account: z.string(),
  nickname: z.string(),
  type: z.number().int(),
  isAgent: z.boolean(),
  isTrial: z.boolean(),
  currency: z.string(),
  currencySymbol: z.string(),
  countryCode: z.string().nullable(),
  /** Masked for display, e.g. "+63 ****4567". */
  mobileNum: z.string().nullable(),
  email: z.string().nullable(),
  payeeName: z.string().nullable(),
  hasPaymentPassword: z.boolean(),
  avatarUrl: z.string().nullable(),
  registeredAt: z.string(),
  lastLoginAt: z.string().nullable(),
  mustChangePassword: z.boolean(),
  /** The member's VIP level as the header shows it; null where the brand has no levels. */
  vip: memberVipSchema.nullable(),
});
export type MemberInfo = z.infer<typeof memberInfoSchema>;
export const memberInfoResponseSchema = successEnvelope(memberInfoSchema);
export const memberIconResponseSchema = successEnvelope(z.object({ avatarUrl: z.string().nullable() }));

export const emptySuccessSchema = successEnvelope(z.null());

/** getUpdateLanguage (spec section 7): the member's site language, kept on the server. */
export const updateLanguageRequestSchema = z.object({ language: z.enum(languageCodes) });
