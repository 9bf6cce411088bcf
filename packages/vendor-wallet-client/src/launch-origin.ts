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
