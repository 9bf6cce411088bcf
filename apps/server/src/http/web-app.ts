import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
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

/**
 * Serves the built player site: hashed assets cached for a year, and index.html (no cache) for every other
 * GET that asks for a page, so that history-mode routes survive a reload. API paths keep the envelope 404.
 */
export const registerWebApp = async (app: FastifyInstance, webDist: string): Promise<void> => {
  const hasSite = existsSync(path.join(webDist, 'index.html'));
  if (hasSite) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      // The build writes .br and .gz copies of its text files; browsers get the smallest they accept.
      preCompressed: true,
      setHeaders: setStaticCacheHeaders,
    });
  } else {
    app.log.warn({ webDist }, 'the web app is not built; only the API is served');
  }

  app.setNotFoundHandler((request, reply) => {
    if (hasSite && isPageRequest(request) && !isApiPath(request.url)) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.code(404).send(failure('NOT_FOUND'));
  });
};
