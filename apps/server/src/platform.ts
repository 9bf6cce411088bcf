import type { FastifyInstance } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import type { AppConfig } from './config';
import type { DatabaseHandle } from './db/database';
import type { JobScheduler } from './jobs/scheduler';
import type { PushService } from './modules/push/push.service';

/** What every module is built from: the configuration, the database and the process-wide services. */
export type Platform = {
  config: AppConfig;
  database: DatabaseHandle;
  push: PushService;
  scheduler: JobScheduler;
  /** The time in milliseconds for games on a schedule (crash rounds); tests pass their own. */
  clock: (() => number) | undefined;
  /** The sandbox payment gateway started beside the platform (main.ts), for channels without a baseUrl. */
  sandboxGatewayUrl: string | undefined;
};

declare module 'fastify' {
  interface FastifyInstance {
    platform: Platform;
  }
}

/** Where the spec's API lives, and the operator console's API inside it. */
export const apiPrefix = '/wps';
export const operatorApiPrefix = '/wps/backoffice';

/**
 * A domain module: a Fastify plugin that builds the domain's services from the platform and from the modules
 * it names in `dependencies` (Fastify refuses to start when one is missing or registered later), decorates the
 * app with them under the domain's name, and registers the domain's routes and jobs. `app.ts` lists the
 * modules in dependency order.
 */
export const defineModule = (
  name: string,
  dependencies: readonly string[],
  register: (app: FastifyInstance) => Promise<void>,
) => fastifyPlugin(register, { name, dependencies: ['platform', ...dependencies], fastify: '5.x' });
