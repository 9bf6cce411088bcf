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
    (pathname === '/index.html' ||
      (request.headers.accept ?? '').includes('text/html') ||
      !/\.[A-Za-z0-9]+$/.test(pathname))
  );
};

/**
 * The player site's inline scripts, allowed by hash in the Content-Security-Policy. index.html sets the theme
 * with one before the first paint, so a light-theme visitor never sees the dark page flash; a test keeps this
 * list equal to the scripts in apps/web/index.html.
 */
export const siteInlineScriptHashes = ["'sha256-0ezjq/zplPZaibvd8cFpqT1CbpJIdGfra6i6KO0T7Ao='"];

/** Hashed assets never change under their name; everything else (index.html) is revalidated. */
export const setStaticCacheHeaders = (reply: FastifyReply, filePath: string): void => {
  const isHashedAsset = filePath.includes(`${path.sep}assets${path.sep}`);
  reply.header('cache-control', isHashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache');
};

/** The home page's routes (spec section 2): the ones whose first paint is the w_home banner. */
const homePaths = new Set(['/', '/index', '/home']);
const isHomePath = (url: string): boolean => homePaths.has(url.split('?')[0] ?? '');

const escapeHtml = (value: string): string =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Something the home page will ask for as soon as its script runs, fetched from index.html instead. */
export type PagePreload = { href: string; as: 'image' | 'fetch' };

/** The brand's first w_home banner for a guest, in the brand's language: the home page's largest paint. */
export type HomeBanner = { url: string; title: string; language: string };

/** What the home page of a brand starts with before its script has run. */
export type HomePageStart = { preloads: readonly PagePreload[]; banner?: HomeBanner | undefined };

/**
 * index.html with high-priority preloads right after its style sheets (which the first paint needs anyway)
 * and ahead of what the script needs: the browser fetches the home page's largest paint (its first banner)
 * and the content call that places it while the script loads, instead of after the script has run and asked
 * for the site configuration. A fetch preload is anonymous (same-origin credentials), as the site's own
 * fetch is, so the browser hands the answer to it.
 */
export const withPreloads = (html: string, preloads: readonly PagePreload[]): string => {
  if (preloads.length === 0) return html;
  const links = preloads
    .map(({ href, as }) =>
      as === 'image'
        ? `<link rel="preload" as="image" href="${escapeHtml(href)}" fetchpriority="high" />`
        : `<link rel="preload" as="fetch" href="${escapeHtml(href)}" crossorigin="anonymous" />`,
    )
    .join('');
  const lastStyleSheet = [...html.matchAll(/<link rel="stylesheet"[^>]*>/g)].at(-1);
  if (lastStyleSheet === undefined)
    return html.replace(/<script type="module"|<\/head>/, (tag) => `${links}${tag}`);
  const end = lastStyleSheet.index + lastStyleSheet[0].length;
  return `${html.slice(0, end)}${links}${html.slice(end)}`;
};

/** Where index.html (inside its loader) takes home's first banner. */
export const homeBannerMarker = '<!--home-banner-->';

/**
 * index.html with the brand's first home banner inside the loader, as the home page will show it: the same
 * classes around the same image and caption (banner-slide.tsx), so it is laid out where the carousel puts
 * it, and the page's largest paint happens as soon as the style sheet and the image are here rather than
 * after the script has run. The loader drops it when the page is on screen (global-loader.ts). `<html>`
 * names its language: the theme script in index.html leaves it out for a member, a visit with parameters
 * or a visitor who chose another language, whose home may show another banner.
 */
export const withHomeBanner = (html: string, banner: HomeBanner | undefined): string => {
  if (banner === undefined || !html.includes(homeBannerMarker)) return html;
  const markup =
    '<div class="global-loader__page shell" data-side-menu="shown" aria-hidden="true">' +
    '<div class="site-header"></div>' +
    '<div class="shell__main"><div class="page"><div class="banner-carousel"><div class="banner-carousel__track">' +
    '<div class="banner">' +
    `<img class="banner__image" src="${escapeHtml(banner.url)}" alt="" width="1200" height="400" fetchpriority="high" decoding="sync" />` +
    `<span class="banner__caption">${escapeHtml(banner.title)}</span>` +
    '</div></div></div></div></div></div>';
  return html
    .replace(/<html\b/, `<html data-home-banner="${escapeHtml(banner.language)}"`)
    .replace(homeBannerMarker, () => markup);
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
   * index.html, and its first banner. A failure (an unknown host) leaves the page as built.
   */
  homePage?: (request: FastifyRequest) => Promise<HomePageStart>;
  /**
   * The Content-Security-Policy of the brand's pages (its analytics, CDNs and game vendors); a failure (an
   * unknown host) keeps the platform's own, which allows this origin only.
   */
  pagePolicy?: (request: FastifyRequest) => Promise<string>;
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
      // index.html is a brand's page, answered below with the brand's policy (the service worker caches it as
      // /index.html); the manifest is answered per brand below (its built copy and compressed twins are not served).
      globIgnore: [
        'index.html',
        'index.html.*',
        ...(webManifest ? ['manifest.webmanifest', 'manifest.webmanifest.*'] : []),
      ],
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

  // Home pages with their preloads and banner, compressed once per distinct page (a handful: one per brand).
  const indexHtml = hasSite ? readFileSync(path.join(webDist, 'index.html'), 'utf8') : '';
  const homePages = new LRUCache<string, { html: string; br: Buffer; gzip: Buffer }>({ max: 100 });
  const homePageOf = async (request: FastifyRequest) => {
    const start = await options.homePage?.(request).catch((error: unknown) => {
      request.log.debug({ err: error }, 'no preloads for this home page');
      return undefined;
    });
    if (start === undefined || (start.preloads.length === 0 && start.banner === undefined)) return null;
    const html = withHomeBanner(withPreloads(indexHtml, start.preloads), start.banner);
    const cached = homePages.get(html);
    if (cached) return cached;
    const page = { html, br: brotliCompressSync(html), gzip: gzipSync(html) };
    homePages.set(html, page);
    return page;
  };

  app.setNotFoundHandler(async (request, reply) => {
    if (hasSite && isPageRequest(request) && !isApiPath(request.url)) {
      reply.header('cache-control', 'no-cache');
      const policy = await options.pagePolicy?.(request).catch((error: unknown) => {
        request.log.debug({ err: error }, "the platform's own policy for this page");
        return undefined;
      });
      if (policy !== undefined) reply.header('content-security-policy', policy);
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
