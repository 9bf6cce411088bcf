import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

const heartbeatMs = 25_000;

/** What a stream's source answers: its first frame, and how to stop sending the next ones. */
export type StreamSubscription = { frame: string; unsubscribe: () => void };

/**
 * The text/event-stream routes of one plugin: each stream starts with `retry` and the source's first frame,
 * gets every later frame as written by the source, a heartbeat comment every 25 s (so proxies keep it open),
 * and ends when the client goes or the server closes (streams never end by themselves, and a closing server
 * would wait for them forever).
 */
export const eventStreams = (app: FastifyInstance) => {
  const open = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of open) end();
  });
  return async (
    request: FastifyRequest,
    reply: FastifyReply,
    subscribe: (write: (frame: string) => void) => Promise<StreamSubscription> | StreamSubscription,
  ): Promise<void> => {
    const stream = reply.raw;
    const { frame, unsubscribe } = await subscribe((next) => {
      stream.write(next);
    });
    reply.hijack();
    stream.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
      'x-request-id': request.id,
    });
    stream.write(`retry: 2000\n\n${frame}`);
    const heartbeat = setInterval(() => {
      stream.write(': heartbeat\n\n');
    }, heartbeatMs);
    const end = () => {
      clearInterval(heartbeat);
      unsubscribe();
      open.delete(end);
      stream.end();
    };
    open.add(end);
    request.raw.on('close', end);
  };
};
