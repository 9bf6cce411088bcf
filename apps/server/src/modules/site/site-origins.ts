import type { DomainRouteEntry } from '@wps/contracts/site';

/** What a link's origin is chosen from. */
export type OriginSources = {
  /** The brand's host names: its main domain and its mirror domains. */
  brandHosts: readonly string[];
  /** The platform's public address (PUBLIC_URL), or null. */
  publicUrl: string | null;
  /**
   * Where the request came: scheme, host and port as the browser reached the platform (Fastify's
   * `request.protocol` and `request.host`, which honour X-Forwarded-Proto and -Host from trusted proxies).
   */
  requestOrigin: string;
};

const urlOf = (origin: string): URL | undefined => (URL.canParse(origin) ? new URL(origin) : undefined);

/**
 * The origin links to the brand's site start with: the request's own (its scheme and port kept) when it came
 * to one of the brand's domains, else the platform's public address; null when neither, and the caller
 * chooses (a link carrying a secret must not trust a host only the request names; one shown back to the
 * signed-in visitor who asked may use it).
 */
export const brandSiteOrigin = ({ brandHosts, publicUrl, requestOrigin }: OriginSources): string | null => {
  const requestHost = urlOf(requestOrigin)?.hostname.toLowerCase();
  const hosts = new Set(brandHosts.map((host) => host.toLowerCase()));
  if (requestHost !== undefined && hosts.has(requestHost)) return urlOf(requestOrigin)?.origin ?? null;
  return publicUrl === null ? null : (urlOf(publicUrl)?.origin ?? null);
};

/**
 * Where each of the brand's domains is reached, for the speed test's pings and the mirror list's links: the
 * domain the request came to at the request's origin, PUBLIC_URL's domain at PUBLIC_URL, and every other one
 * with the scheme and port of the brand's site origin (the request's, or PUBLIC_URL's), since a brand's
 * domains are served alike. Never a bare `https://host` that drops the port the site is served on.
 */
export const domainOrigins = (
  domains: readonly DomainRouteEntry[],
  sources: OriginSources,
): (DomainRouteEntry & { origin: string })[] => {
  const request = urlOf(sources.requestOrigin);
  const publicUrl = sources.publicUrl === null ? undefined : urlOf(sources.publicUrl);
  const base = urlOf(brandSiteOrigin(sources) ?? sources.requestOrigin);
  const scheme = base?.protocol ?? 'https:';
  const port = base?.port ?? '';
  return domains.flatMap((domain) => {
    const host = domain.domainName.trim().toLowerCase();
    if (request !== undefined && (request.hostname === host || request.host === host)) {
      return [{ ...domain, origin: request.origin }];
    }
    if (publicUrl !== undefined && (publicUrl.hostname === host || publicUrl.host === host)) {
      return [{ ...domain, origin: publicUrl.origin }];
    }
    // A domain written with its own port keeps it; one that is no host at all is left out.
    const hasPort = /:\d+$/.test(host);
    const url = urlOf(`${scheme}//${host}${hasPort || port === '' ? '' : `:${port}`}`);
    return url === undefined || url.pathname !== '/' || url.username !== ''
      ? []
      : [{ ...domain, origin: url.origin }];
  });
};
