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

/**
 * The origin of the site page that will frame the game, as the player's browser has it: the launch call's
 * Origin header (browsers send it on a POST), else the address the call came to. The vendor allows it to frame
 * its page; a forged one only misleads the caller's own launch.
 */
const siteOriginOf = (request: FastifyRequest): string | null => {
  const webOrigin = (value: string | undefined): string | null => {
    if (value === undefined || !URL.canParse(value)) return null;
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : null;
  };
  const { origin } = request.headers;
  const sent = webOrigin(origin);
  return sent !== null && sent === origin ? sent : webOrigin(`${request.protocol}://${request.host}`);
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
      return ok(
        await launch.launch(request.member, request.brand, {
          ...request.body,
          siteOrigin: siteOriginOf(request),
        }),
      );
    });

    app.post('/game/launchDemo', { preHandler: requireBrand, schema }, async (request) => {
      return ok(
        await launch.demoLaunch(request.brand, {
          ...request.body,
          demo: true,
          siteOrigin: siteOriginOf(request),
        }),
      );
    });
  };
