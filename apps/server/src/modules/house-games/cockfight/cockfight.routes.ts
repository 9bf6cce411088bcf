import { eventStreams } from '../../../http/event-streams';
import {
  arenaStateResponseSchema,
  fightParamsSchema,
  fightVerificationResponseSchema,
  myFightBetsResponseSchema,
  placeFightBetRequestSchema,
  placeFightBetResponseSchema,
} from '@wps/contracts/cockfight';
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../../http/envelope';
import { failureResponses } from '../../../http/route-schemas';
import type { CockfightService } from './cockfight.service';

const tags = ['house-games'];

/**
 * The brand's cockfight arena for players: its state (`GET /cockfight/state`, and `GET /cockfight/events`, a
 * text/event-stream with one `state` event per change, serialised once per change for every listener), a
 * bet, the member's bets, and a simulated fight's proof.
 */
export const cockfightRoutes =
  ({
    cockfight,
    requireBrand,
    requireMember,
    requireRealMember,
  }: {
    cockfight: CockfightService;
    requireBrand: preHandlerAsyncHookHandler;
    requireMember: preHandlerAsyncHookHandler;
    requireRealMember: preHandlerAsyncHookHandler;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/cockfight/state',
      {
        preHandler: requireBrand,
        schema: { tags, response: { 200: arenaStateResponseSchema, ...failureResponses } },
      },
      async (request) => ok(await cockfight.state(request.brand.id)),
    );

    const stream = eventStreams(app);
    app.get('/cockfight/events', { preHandler: requireBrand, schema: { tags } }, async (request, reply) => {
      await stream(request, reply, (write) => cockfight.subscribe(request.brand.id, write));
    });

    app.post(
      '/cockfight/bets',
      {
        preHandler: requireRealMember,
        schema: {
          tags,
          body: placeFightBetRequestSchema,
          response: { 200: placeFightBetResponseSchema, ...failureResponses },
        },
      },
      async (request) => ok(await cockfight.placeBet(request.member, request.brand, request.body)),
    );

    app.get(
      '/cockfight/my-bets',
      {
        preHandler: requireMember,
        schema: { tags, response: { 200: myFightBetsResponseSchema, ...failureResponses } },
      },
      async (request) => ok({ bets: await cockfight.myBets(request.member) }),
    );

    app.get(
      '/cockfight/fights/:fightId/verify',
      {
        schema: {
          tags,
          params: fightParamsSchema,
          response: { 200: fightVerificationResponseSchema, ...failureResponses },
        },
      },
      async (request) => ok(await cockfight.verify(request.params.fightId)),
    );
  };
