import { z } from 'zod';

/**
 * The launch's `origin` (the platform's site page that frames the game) when it is a plain http(s) origin:
 * scheme, host and port only, nothing a CSP source list could read as more than one source.
 */
export const frameOriginOf = (value: unknown): string | undefined => {
  if (typeof value !== 'string' || !URL.canParse(value)) return undefined;
  const { origin } = new URL(value);
  return /^https?:\/\/(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(:[0-9]{1,5})?$/.test(origin) ? origin : undefined;
};

/** The origins a game page may be framed by: the configured ones and the launching site's. */
export const frameAncestorsWith = (
  configured: readonly string[],
  launchOrigin: string | undefined,
): string[] =>
  launchOrigin === undefined || configured.includes(launchOrigin)
    ? [...configured]
    : [...configured, launchOrigin];

/** The query the platform launches a game with (`/play?token=…&user=…&game=…&vendor=…&currency=…&lang=…&mode=…`). */
export const launchQuerySchema = z.object({
  token: z
    .string()
    .regex(/^[A-Za-z0-9_-]{16,256}$/)
    .optional(),
  user: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/)
    .optional(),
  game: z.string().regex(/^[A-Za-z0-9._-]{1,64}$/),
  vendor: z.string().regex(/^[A-Z0-9_]{2,24}$/),
  currency: z.string().regex(/^[A-Z0-9]{2,16}$/),
  lang: z
    .string()
    .regex(/^[A-Za-z]{2,3}([_-][A-Za-z0-9]{2,8})?$/)
    .default('en'),
  mode: z.enum(['real', 'demo']).default('real'),
});

/**
 * The headers of a game page: the vendor's own scripts, styles and images only (fonts too with `allowFonts`),
 * framed by `frameAncestors` (none: only the vendor itself), never cached.
 */
export const gamePageHeaders = (frameAncestors: readonly string[], { allowFonts = false } = {}) => ({
  'content-security-policy': [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    ...(allowFonts ? ["font-src 'self'"] : []),
    "connect-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    `frame-ancestors ${frameAncestors.length > 0 ? frameAncestors.join(' ') : "'self'"}`,
  ].join('; '),
  'x-content-type-options': 'nosniff',
  // The launch URL carries the platform's token: it must not leak to anyone through Referer.
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-store',
});
