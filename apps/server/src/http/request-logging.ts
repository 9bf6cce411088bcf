import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

/**
 * Fastify's per-request log lines ("incoming request", "request completed", "route not found") at debug rather
 * than info, for development: one visit to the site makes thousands of requests, and at info they bury the
 * start-up banner and every warning. Requests that fail are still logged at error; warnings and errors that
 * the code writes itself are untouched. LOG_LEVEL=debug shows the request lines again.
 */
export class QuietRequestLogController extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    if (this.isLogDisabled(request)) return;
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    if (error) {
      reply.log.error({ res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    } else {
      reply.log.debug({ res: reply, responseTime: reply.elapsedTime }, 'request completed');
    }
  }

  override routeNotFound(request: FastifyRequest): void {
    if (this.isLogDisabled(request)) return;
    request.log.debug(`Route ${request.method}:${request.url.split('?')[0] ?? ''} not found`);
  }
}

/** Development logs requests at debug (QuietRequestLogController); test and production keep Fastify's info. */
export const requestLogController = (nodeEnv: 'development' | 'production' | 'test'): LogController =>
  nodeEnv === 'development' ? new QuietRequestLogController() : new LogController();
