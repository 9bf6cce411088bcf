import type { FastifyPluginAsync } from 'fastify';

/** Liveness answers while the process runs; readiness only while the database answers and we are not closing. */
export const healthRoutes =
  ({
    pingDatabase,
    isClosing,
  }: {
    pingDatabase: () => Promise<void>;
    isClosing: () => boolean;
  }): FastifyPluginAsync =>
  async (app) => {
    app.get('/health', { schema: { hide: true } }, async () => ({ status: 'ok' }));
    app.get('/ready', { schema: { hide: true } }, async (request, reply) => {
      if (isClosing()) return reply.code(503).send({ status: 'closing' });
      try {
        await pingDatabase();
        return { status: 'ready' };
      } catch (error) {
        request.log.warn({ err: error }, 'database not ready');
        return reply.code(503).send({ status: 'database unavailable' });
      }
    });
  };
