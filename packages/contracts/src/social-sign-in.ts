import { z } from 'zod';
import { successEnvelope } from './envelope';
import type { WhitelabelFlag } from './site';

/** Social sign-in providers; both are spoken to as OpenID Connect issuers with the same code. */
export const socialProviders = ['google', 'facebook'] as const;
export type SocialProvider = (typeof socialProviders)[number];

/** The whitelabel flag that shows a provider's button and admits its sign-in. */
export const socialProviderFlags = {
  google: 'GOOGLELOGIN3',
  facebook: 'FACEBOOKLOGIN3',
} as const satisfies Record<SocialProvider, WhitelabelFlag>;

/** Where the site's button points: a plain link, since the flow is a chain of top-level redirects. */
export const socialSignInStartPath = (provider: SocialProvider): string =>
  `/wps/session/social/${provider}/start`;

/** The query parameter of `/login` that carries the error code of a failed social sign-in. */
export const socialErrorParameter = 'social_error';

/** Loopback hosts, the only ones where an issuer may be plain http (a provider run locally for tests). */
export const isLoopbackHost = (hostname: string): boolean =>
  hostname === 'localhost' || hostname === '[::1]' || /^127(\.\d{1,3}){3}$/.test(hostname);

const parseUrl = (value: string): URL | undefined => {
  try {
    return new URL(value);
  } catch {
    return undefined;
  }
};

const issuerSchema = z
  .url({ protocol: /^https?$/ })
  .max(2048)
  .refine((value) => {
    const url = parseUrl(value);
    return url !== undefined && (url.protocol === 'https:' || isLoopbackHost(url.hostname));
  }, 'must be https (http only for a loopback host)')
  .refine((value) => {
    const url = parseUrl(value);
    return url?.search === '' && url.hash === '' && url.username === '' && url.password === '';
  }, 'an issuer has no query, fragment or credentials');

export const socialProviderParamsSchema = z.strictObject({
  provider: z.enum(socialProviders),
});

/** An operator's configuration of one provider for one brand; the secret is write-only. */
export const socialProviderConfigRequestSchema = z.strictObject({
  issuer: issuerSchema,
  clientId: z.string().trim().min(1).max(512),
  /** Absent keeps the stored secret (never shown) while the issuer is unchanged; required otherwise. */
  clientSecret: z.string().min(1).max(2048).optional(),
  isEnabled: z.boolean(),
});
export type SocialProviderConfigRequest = z.infer<typeof socialProviderConfigRequestSchema>;

export const socialProviderConfigSchema = z.object({
  provider: z.enum(socialProviders),
  issuer: z.string(),
  clientId: z.string(),
  hasClientSecret: z.boolean(),
  isEnabled: z.boolean(),
  updatedAt: z.string(),
});
export type SocialProviderConfig = z.infer<typeof socialProviderConfigSchema>;

export const socialProviderConfigResponseSchema = successEnvelope(socialProviderConfigSchema);
/** The providers the brand has configured (one that never was is absent). */
export const socialProviderConfigListResponseSchema = successEnvelope(
  z.object({ list: z.array(socialProviderConfigSchema) }),
);

/** The path parameter of the site's sign-in routes. */
export const socialSignInParamsSchema = z.strictObject({ provider: z.enum(socialProviders) });
