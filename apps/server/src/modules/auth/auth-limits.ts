export const minute = 60_000;

export const authLimits = {
  sessionIdleMs: 2 * 60 * minute,
  /** How often a session in use records that it was used (its idle timer's step). */
  sessionTouchEveryMs: minute,
  sessionLifetimeMs: 12 * 60 * minute,
  rememberedLifetimeMs: 24 * 60 * minute,
  captchaLifetimeMs: 5 * minute,
  captchaRefreshMs: 1_000,
  // Failures of one account name before it is locked, and for how long: members' memberAttemptRules.login.
  /** Failures from one address in the window before the captcha is always asked, and before refusal. */
  addressCaptchaAfter: 3,
  addressRefuseAfter: 20,
  failureWindowMs: 15 * minute,
  codeResendMs: 60_000,
  codesPerRecipientPerHour: 5,
  codesPerAddressPerHour: 10,
  codeMaxAttempts: 5,
  registrationsPerAddressPerHour: 10,
  freePlayPerAddressPerHour: 20,
} as const;
