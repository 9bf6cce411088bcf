import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import { LRUCache } from 'lru-cache';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { failure } from './envelope';

const isApiPath = (url: string): boolean => /^\/(wps|health|ready|docs)(\/|\?|$)/.test(url);

/**
 * A route of a single-page app: asked for as a page, or a path without a file extension (a missing asset
 * stays 404).
 */
export const isPageRequest = (request: FastifyRequest): boolean => {
  const pathname = request.url.split('?')[0] ?? '';
  return (
    request.method === 'GET' &&
    ((request.headers.accept ?? '').includes('text/html') || !/\.[A-Za-z0-9]+$/.test(pathname))
  );
};

/**
 * The player site's inline scripts, allowed by hash in the Content-Security-Policy. index.html sets the theme
 * with one before the first paint, so a light-theme visitor never sees the dark page flash; a test keeps this
 * list equal to the scripts in apps/web/index.html.
 */
export const siteInlineScriptHashes = ["'sha256-NZJvlWo42/7cPLXBqRU0AsEEk06SWvzM783dWv5zBzc='"];

/** Hashed assets never change under their name; everything else (index.html) is revalidated. */
export const setStaticCacheHeaders = (reply: FastifyReply, filePath: string): void => {
  const isHashedAsset = filePath.includes(`${path.sep}assets${path.sep}`);
  reply.header('cache-control', isHashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache');
};

/** The home page's routes (spec section 2): the ones whose first paint is the w_home banner. */
const homePaths = new Set(['/', '/index', '/home']);
const isHomePath = (url: string): boolean => homePaths.has(url.split('?')[0] ?? '');

const escapeAttribute = (value: string): string =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Something the home page will ask for as soon as its script runs, fetched from index.html instead. */
export type PagePreload = { href: string; as: 'image' | 'fetch' };

/**
 * index.html with high-priority preloads before `</head>`: the browser fetches the home page's largest paint
 * (its first banner) and the content call that places it while the script loads, instead of after the script
 * has run and asked for the site configuration. A fetch preload is anonymous (same-origin credentials), as
 * the site's own fetch is, so the browser hands the answer to it.
 */
export const withPreloads = (html: string, preloads: readonly PagePreload[]): string => {
  if (preloads.length === 0) return html;
  const links = preloads
    .map(({ href, as }) =>
      as === 'image'
        ? `<link rel="preload" as="image" href="${escapeAttribute(href)}" fetchpriority="high" />`
        : `<link rel="preload" as="fetch" href="${escapeAttribute(href)}" crossorigin="anonymous" />`,
    )
    .join('');
  return html.replace('</head>', `${links}</head>`);
};

/** A brand's words and colour for its installable app. */
export type BrandManifest = { name: string; shortName: string; themeColor: string };

/** Manifest fields when the build has none (the API-only tests); the build's own manifest is used otherwise. */
const fallbackManifest = { id: '/', start_url: '/', scope: '/', display: 'standalone', icons: [] };

/**
 * The built manifest with the brand's name, short name and colours: what `/manifest.webmanifest` answers, so
 * each brand installs under its own name and colour (icons, start URL and display stay the build's).
 */
export const brandWebManifest = (built: Record<string, unknown>, brand: BrandManifest) => ({
  ...built,
  name: brand.name,
  short_name: brand.shortName,
  theme_color: brand.themeColor,
  background_color: brand.themeColor,
});

export type WebAppOptions = {
  /** The brand a request names (by its host): its manifest is served at /manifest.webmanifest. */
  webManifest?: (request: FastifyRequest) => Promise<BrandManifest>;
  /**
   * What the home page of the brand a request names (by its host) asks for first, preloaded from
   * index.html. A failure (an unknown host) leaves the page as built.
   */
  homePreloads?: (request: FastifyRequest) => Promise<readonly PagePreload[]>;
};

/**
 * Serves the built player site: hashed assets cached for a year, and index.html (no cache) for every other
 * GET that asks for a page, so that history-mode routes survive a reload. API paths keep the envelope 404.
 */
export const registerWebApp = async (
  app: FastifyInstance,
  webDist: string,
  options: WebAppOptions = {},
): Promise<void> => {
  const hasSite = existsSync(path.join(webDist, 'index.html'));
  const builtManifestPath = path.join(webDist, 'manifest.webmanifest');
  const builtManifest: Record<string, unknown> = existsSync(builtManifestPath)
    ? (JSON.parse(readFileSync(builtManifestPath, 'utf8')) as Record<string, unknown>)
    : fallbackManifest;
  const { webManifest } = options;
  if (hasSite) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      // The manifest is answered per brand below (its built copy and compressed twins are not served).
      ...(webManifest ? { globIgnore: ['manifest.webmanifest', 'manifest.webmanifest.*'] } : {}),
      // The build writes .br and .gz copies of its text files; browsers get the smallest they accept.
      preCompressed: true,
      setHeaders: setStaticCacheHeaders,
    });
  } else {
    app.log.warn({ webDist }, 'the web app is not built; only the API is served');
  }

  if (hasSite && webManifest) {
    app.get('/manifest.webmanifest', { schema: { hide: true } }, async (request, reply) =>
      reply
        .header('content-type', 'application/manifest+json; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(JSON.stringify(brandWebManifest(builtManifest, await webManifest(request)))),
    );
  }

  // Home pages with their preloads, compressed once per distinct page (a handful: one per brand's banner).
  const indexHtml = hasSite ? readFileSync(path.join(webDist, 'index.html'), 'utf8') : '';
  const homePages = new LRUCache<string, { html: string; br: Buffer; gzip: Buffer }>({ max: 100 });
  const homePageOf = async (request: FastifyRequest) => {
    const preloads = await options.homePreloads?.(request).catch((error: unknown) => {
      request.log.debug({ err: error }, 'no preloads for this home page');
      return [];
    });
    if (preloads === undefined || preloads.length === 0) return null;
    const html = withPreloads(indexHtml, preloads);
    const cached = homePages.get(html);
    if (cached) return cached;
    const page = { html, br: brotliCompressSync(html), gzip: gzipSync(html) };
    homePages.set(html, page);
    return page;
  };

  app.setNotFoundHandler(async (request, reply) => {
    if (hasSite && isPageRequest(request) && !isApiPath(request.url)) {
      reply.header('cache-control', 'no-cache');
      const homePage = isHomePath(request.url) ? await homePageOf(request) : null;
      if (homePage === null) return reply.sendFile('index.html');
      const accepted = request.headers['accept-encoding'] ?? '';
      reply.header('content-type', 'text/html; charset=utf-8').header('vary', 'accept-encoding');
      if (/\bbr\b/.test(accepted)) return reply.header('content-encoding', 'br').send(homePage.br);
      if (/\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(homePage.gzip);
      return reply.send(homePage.html);
    }
    return reply.code(404).send(failure('NOT_FOUND'));
  });
};
