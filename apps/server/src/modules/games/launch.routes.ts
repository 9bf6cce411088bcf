import { launchGameRequestSchema, launchGameResponseSchema } from '@wps/contracts/games';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
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
    requireRealMember,
  }: {
    launch: LaunchService;
    requireBrand: preHandlerAsyncHookHandler;
    requireMember: preHandlerAsyncHookHandler;
    requireRealMember: preHandlerAsyncHookHandler;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    // A free-play account may open a game's demo only (spec: in_need_true_account for real play).
    const requirePlayer = async function (
      this: FastifyInstance,
      request: FastifyRequest,
      reply: FastifyReply,
    ) {
      const guard = launchGameRequestSchema.safeParse(request.body).data?.demo
        ? requireMember
        : requireRealMember;
      await guard.call(this, request, reply);
    };

    app.post('/game/launchGame', { preHandler: requirePlayer, schema }, async (request) => {
      return ok(await launch.launch(request.member, request.brand, request.body));
    });

    app.post('/game/launchDemo', { preHandler: requireBrand, schema }, async (request) => {
      return ok(await launch.demoLaunch(request.brand, { ...request.body, demo: true }));
    });
  };
