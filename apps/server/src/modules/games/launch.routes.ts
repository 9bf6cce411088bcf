import { launchGameRequestSchema, launchGameResponseSchema } from '@wps/contracts/games';
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope';
import { failureResponses } from '../../http/route-schemas';
import type { LaunchService } from './launch.service';

const tags = ['games'];
const schema = {
  tags,
  body: launchGameRequestSchema,
  response: { 200: launchGameResponseSchema, ...failureResponses },
};

/** Starting a vendor's game: real money for members, the vendor's demo for anyone. */
export const launchRoutes =
  ({
    launch,
    requireBrand,
    requireMember,
  }: {
    launch: LaunchService;
    requireBrand: preHandlerAsyncHookHandler;
    requireMember: preHandlerAsyncHookHandler;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    app.post('/game/launchGame', { preHandler: requireMember, schema }, async (request) => {
      return ok(await launch.launch(request.member, request.brand, request.body));
    });

    app.post('/game/launchDemo', { preHandler: requireBrand, schema }, async (request) => {
      return ok(await launch.demoLaunch(request.brand, { ...request.body, demo: true }));
    });
  };
