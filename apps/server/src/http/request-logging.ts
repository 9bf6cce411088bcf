import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { LogController } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A machine-to-machine route (`config: { machineCall: true }`: the vendor wallet's callbacks): its request lines
     * are at debug in every environment and its calls are counted in a summary at info (`MachineCallSummary`),
     * since a game vendor makes thousands a second. Failures are still logged at error.
     */
    machineCall?: boolean;
  }
}

type CallCount = { count: number; totalMs: number; maxMs: number };

/**
 * The machine calls answered since the last summary, by route and status code, written at info every
 * `intervalMs` (none while no call came): the access log of routes whose every call would bury the rest.
 */
export const createMachineCallSummary = (intervalMs: number) => {
  let counts = new Map<string, CallCount>();
  let timer: NodeJS.Timeout | null = null;
  const write = (log: FastifyBaseLogger): void => {
    if (counts.size === 0) return;
    const calls = [...counts].map(([key, count]) => {
      const [route, status] = key.split(' ');
      return {
        route,
        status: Number(status),
        count: count.count,
        meanMs: Math.round((count.totalMs / count.count) * 10) / 10,
        maxMs: Math.round(count.maxMs * 10) / 10,
      };
    });
    counts = new Map();
    log.info({ calls, intervalMs }, 'machine calls');
  };
  return {
    record: (route: string, statusCode: number, elapsedMs: number): void => {
      const key = `${route} ${String(statusCode)}`;
      const count = counts.get(key) ?? { count: 0, totalMs: 0, maxMs: 0 };
      count.count += 1;
      count.totalMs += elapsedMs;
      count.maxMs = Math.max(count.maxMs, elapsedMs);
      counts.set(key, count);
    },
    /** Writes a summary every `intervalMs` to `log` (what is left is written by `stop`). */
    start: (log: FastifyBaseLogger): void => {
      timer ??= setInterval(() => {
        write(log);
      }, intervalMs).unref();
    },
    stop: (log: FastifyBaseLogger): void => {
      if (timer) clearInterval(timer);
      timer = null;
      write(log);
    },
  };
};

export type MachineCallSummary = ReturnType<typeof createMachineCallSummary>;

const isMachineCall = (request: FastifyRequest): boolean => request.routeOptions.config.machineCall === true;

/**
 * Fastify's per-request log lines ("incoming request", "request completed", "route not found") at info, except
 * for machine calls (debug, and counted in `summary`) and, when `quiet` (development), for every request: one
 * visit to the site makes thousands of requests, and at info they bury the start-up banner and every warning.
 * Requests that fail are logged at error; warnings and errors the code writes itself are untouched.
 * LOG_LEVEL=debug shows the request lines again.
 */
export class RequestLogController extends LogController {
  constructor(
    private readonly quiet: boolean,
    private readonly summary?: MachineCallSummary,
  ) {
    super();
  }

  override incomingRequest(request: FastifyRequest): void {
    if (this.isLogDisabled(request)) return;
    if (this.quiet || isMachineCall(request)) request.log.debug({ req: request }, 'incoming request');
    else request.log.info({ req: request }, 'incoming request');
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    const isMachine = isMachineCall(request);
    if (isMachine) this.summary?.record(request.routeOptions.url ?? '', reply.statusCode, reply.elapsedTime);
    if (error) {
      reply.log.error({ res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    } else if (this.quiet || isMachine) {
      reply.log.debug({ res: reply, responseTime: reply.elapsedTime }, 'request completed');
    } else {
      reply.log.info({ res: reply, responseTime: reply.elapsedTime }, 'request completed');
    }
  }

  override routeNotFound(request: FastifyRequest): void {
    if (this.isLogDisabled(request)) return;
    const line = `Route ${request.method}:${request.url.split('?')[0] ?? ''} not found`;
    if (this.quiet) request.log.debug(line);
    else request.log.info(line);
  }
}

/**
 * Development logs every request at debug; test and production only the machine calls (counted in `summary`,
 * if given).
 */
export const requestLogController = (
  nodeEnv: 'development' | 'production' | 'test',
  summary?: MachineCallSummary,
): LogController => new RequestLogController(nodeEnv === 'development', summary);
