import type { FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { siteInlineScriptHashes } from './web-app';

/**
 * Google Analytics 4 (gtag.js), as Google's CSP guide lists it: the script, the beacons it sends and the
 * pixels it may load. Allowed only on the pages of a brand that configures a measurement id.
 */
export const analyticsSources = {
  script: ['https://www.googletagmanager.com'],
  connect: [
    'https://*.google-analytics.com',
    'https://*.analytics.google.com',
    'https://*.googletagmanager.com',
  ],
  img: ['https://*.google-analytics.com', 'https://*.googletagmanager.com'],
} as const;

/** The hosts a page may reach beyond its own origin; never a whole scheme such as `https:`. */
export type PolicyHosts = {
  /** The brand's Google Analytics (gtagId set). */
  analytics: boolean;
  /** Image hosts: the brand's image CDNs and where its content's images live. */
  imageOrigins: readonly string[];
  /** Frame hosts: the game vendors' launch origins and the brand's game CDNs. */
  frameOrigins: readonly string[];
  /** `blob:` images (the operator console shows proof images it fetched with its token as object URLs). */
  blobImages?: boolean;
  /** Origins the page may fetch from beyond its own: the brand's mirror domains, which the speed test pings. */
  connectOrigins?: readonly string[];
};

/** The origin of an absolute http(s) URL, or of a bare host name (read as https); else undefined. */
export const originOf = (value: string): string | undefined => {
  const text = value.trim();
  const absolute = /^https?:\/\//i.test(text)
    ? text
    : /^[a-z0-9.-]+(:\d+)?$/i.test(text)
      ? `https://${text}`
      : null;
  if (absolute === null || !URL.canParse(absolute)) return undefined;
  const url = new URL(absolute);
  return url.hostname === '' ? undefined : url.origin;
};

const originsOf = (values: readonly string[]): string[] => [
  ...new Set(values.flatMap((value) => originOf(value) ?? [])),
];

/** The policy's directives for these hosts (helmet's defaults, made exact). */
export const policyDirectives = ({
  analytics,
  imageOrigins,
  frameOrigins,
  blobImages = false,
  connectOrigins = [],
}: PolicyHosts): Record<string, string[]> => ({
  'default-src': ["'self'"],
  'base-uri': ["'self'"],
  'font-src': ["'self'", 'data:'],
  'form-action': ["'self'"],
  'frame-ancestors': ["'self'"],
  'object-src': ["'none'"],
  'script-src': ["'self'", ...siteInlineScriptHashes, ...(analytics ? analyticsSources.script : [])],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': [
    "'self'",
    'data:',
    ...(blobImages ? ['blob:'] : []),
    ...originsOf(imageOrigins),
    ...(analytics ? analyticsSources.img : []),
  ],
  'connect-src': ["'self'", ...originsOf(connectOrigins), ...(analytics ? analyticsSources.connect : [])],
  'frame-src': ["'self'", ...originsOf(frameOrigins)],
  // The site's service worker (/sw.js) and web app manifest come from this origin only.
  'worker-src': ["'self'"],
  'manifest-src': ["'self'"],
  'upgrade-insecure-requests': [],
});

/** The header's text. */
export const policyHeader = (directives: Record<string, readonly string[]>): string =>
  Object.entries(directives)
    .map(([name, values]) => [name, ...values].join(' '))
    .join('; ');

/** Everything that is not a brand's page (the API, the operator console, /docs): this origin only. */
export const platformPolicyDirectives = policyDirectives({
  analytics: false,
  imageOrigins: [],
  frameOrigins: [],
  blobImages: true,
});

type GameOrigins = { frames: readonly string[]; images: readonly string[] };

/** Where a brand's page policy comes from; the platform-wide lists are read at most every few seconds. */
export type PagePolicySources = {
  /** The brand the request names: its analytics id and its configured CDNs. */
  brandOf: (request: FastifyRequest) => Promise<{
    id: bigint;
    gtagId: string | null;
    imageCdns: readonly string[];
    launchGameCdns: readonly string[];
  }>;
  /** Where the brand's content images (banners) live. */
  contentImageOrigins: (brandId: bigint) => Promise<readonly string[]>;
  /** The game vendors' launch origins and their games' image origins (platform-wide). */
  gameOrigins: () => Promise<GameOrigins>;
  /** Vendors known only while the process runs (the demo vendor beside the platform). */
  runtimeFrameOrigins: () => readonly string[];
  /** Where the brand's domains are reached from this request (the speed test pings them); none when absent. */
  siteDomainOrigins?: (request: FastifyRequest) => Promise<readonly string[]>;
};

const originsTtlMs = 10_000;

/**
 * The Content-Security-Policy of a brand's page: its analytics host only when it has analytics, images from
 * this origin, data:, blob: (object URLs of images fetched with the member's token) and the hosts its CDNs and content use, frames from the vendors' launch origins and its
 * game CDNs. The database-derived lists are kept for a few seconds (a page load must not cost a scan).
 */
export const createPagePolicy = (sources: PagePolicySources) => {
  const contentOrigins = new LRUCache<bigint, readonly string[]>({ max: 1_000, ttl: originsTtlMs });
  const platformOrigins = new LRUCache<'games', GameOrigins>({ max: 1, ttl: originsTtlMs });
  const contentOf = async (brandId: bigint): Promise<readonly string[]> => {
    const hit = contentOrigins.get(brandId);
    if (hit) return hit;
    const origins = await sources.contentImageOrigins(brandId);
    contentOrigins.set(brandId, origins);
    return origins;
  };
  const gamesOf = async (): Promise<GameOrigins> => {
    const hit = platformOrigins.get('games');
    if (hit) return hit;
    const origins = await sources.gameOrigins();
    platformOrigins.set('games', origins);
    return origins;
  };
  return async (request: FastifyRequest): Promise<string> => {
    const brand = await sources.brandOf(request);
    const [content, games, domains] = await Promise.all([
      contentOf(brand.id),
      gamesOf(),
      sources.siteDomainOrigins?.(request) ?? [],
    ]);
    return policyHeader(
      policyDirectives({
        analytics: brand.gtagId !== null && brand.gtagId !== '',
        imageOrigins: [...brand.imageCdns, ...content, ...games.images],
        frameOrigins: [...brand.launchGameCdns, ...games.frames, ...sources.runtimeFrameOrigins()],
        connectOrigins: domains,
        // A member's own uploads and the live chat's images are fetched with the session token and shown
        // through object URLs, which only this page's scripts can make.
        blobImages: true,
      }),
    );
  };
};
