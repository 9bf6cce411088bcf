import type { FastifyPluginAsync, preHandlerAsyncHookHandler } from 'fastify';
import type { MemberEvent, PushService } from './push.service';

/** A comment line every so often keeps proxies from closing an idle stream. */
const heartbeatMs = 25_000;

/**
 * `GET /wps/member/events`: a text/event-stream of the member's signals. The site reads it with fetch (so the
 * token travels in the Authorization header, never in a URL) and reconnects when it drops.
 */
export const pushRoutes =
  (push: PushService, requireMember: preHandlerAsyncHookHandler): FastifyPluginAsync =>
  async (app) => {
    const openStreams = new Set<() => void>();
    // Streams never end by themselves; closing the server must end them or it would wait forever.
    app.addHook('preClose', async () => {
      for (const end of openStreams) end();
    });
    app.get(
      '/member/events',
      { preHandler: requireMember, schema: { tags: ['wallet'] } },
      (request, reply) => {
        const { member } = request;
        reply.hijack();
        const stream = reply.raw;
        stream.writeHead(200, {
          'content-type': 'text/event-stream; charset=utf-8',
          'cache-control': 'no-cache, no-transform',
          connection: 'keep-alive',
          'x-accel-buffering': 'no',
          'x-request-id': request.id,
        });
        stream.write('retry: 3000\n: connected\n\n');
        const send = (event: MemberEvent) => {
          stream.write(`event: ${event.type}\ndata: {}\n\n`);
        };
        const unsubscribe = push.subscribe(member.id, send);
        const heartbeat = setInterval(() => {
          stream.write(': heartbeat\n\n');
        }, heartbeatMs);
        const end = () => {
          clearInterval(heartbeat);
          unsubscribe();
          openStreams.delete(end);
          stream.end();
        };
        openStreams.add(end);
        request.raw.on('close', end);
      },
    );
  };
