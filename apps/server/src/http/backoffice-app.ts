import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { failure } from './envelope';
import { isPageRequest, setStaticCacheHeaders } from './web-app';

/** Where the operator console lives; its Vite build uses the same base. */
export const backofficeBasePath = '/backoffice';

/**
 * Serves the built operator console (apps/backoffice) under /backoffice: its files as they are, and its
 * index.html for every other page under /backoffice so its history-mode routes survive a reload. Not built:
 * a plain NOT_FOUND envelope that says so, never the player site in its place.
 */
export const registerBackofficeApp = async (app: FastifyInstance, backofficeDist: string): Promise<void> => {
  const indexFile = path.join(backofficeDist, 'index.html');
  const isBuilt = existsSync(indexFile);
  if (!isBuilt)
    app.log.warn({ backofficeDist }, 'the operator console is not built; /backoffice answers 404');

  await app.register(
    async (scope) => {
      if (isBuilt) {
        await scope.register(fastifyStatic, {
          root: backofficeDist,
          prefix: '/',
          wildcard: false,
          index: false,
          // The player site's static plugin may own reply.sendFile already; this one reads its index itself.
          decorateReply: false,
          setHeaders: setStaticCacheHeaders,
        });
      }

      scope.setNotFoundHandler(async (request, reply) => {
        if (isBuilt && isPageRequest(request)) {
          return reply
            .header('cache-control', 'no-cache')
            .type('text/html; charset=utf-8')
            .send(await readFile(indexFile));
        }
        const message = isBuilt
          ? 'Not found.'
          : 'The operator console is not built; run `npm run build` (npm start does it).';
        return reply.code(404).send(failure('NOT_FOUND', message));
      });
    },
    { prefix: backofficeBasePath },
  );
};
