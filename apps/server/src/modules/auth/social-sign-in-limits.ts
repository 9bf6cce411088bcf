import { minute } from './auth-limits';

export const socialSignInLimits = {
  /** How long a visitor has at the provider before the attempt (and its state cookie) expires. */
  attemptLifetimeMs: 10 * minute,
  /** Unfinished attempts one address may hold at once; each is a row until it expires. */
  openAttemptsPerAddress: 30,
  /** How long a discovered provider configuration (with its signing keys) is reused. */
  discoveryTtlMs: 10 * minute,
  /** Seconds to wait for the provider's discovery, token and key endpoints. */
  providerTimeoutSeconds: 10,
} as const;
