import {
  activeSeedPairResponseSchema,
  fairnessGamesResponseSchema,
  jackpotResponseSchema,
  revealedSeedPairsResponseSchema,
  rotateSeedsRequestSchema,
  rotateSeedsResponseSchema,
  seedPairLookupParamsSchema,
  seedPairLookupResponseSchema,
  seedPairQuerySchema,
  slotInfoResponseSchema,
  slotRoundResponseSchema,
  slotSpinRequestSchema,
  verifyRequestSchema,
  verifyResponseSchema,
} from '@wps/contracts/house-games';
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope';
import { failureResponses } from '../../http/route-schemas';
import type { SeedService } from './seeds.service';
import type { SlotService } from './slot.service';

const tags = ['house-games'];

/**
 * House games under /wps/house: provable fairness (the member's seeds, the public verification and seed
 * look-up) and the slot with its jackpot.
 */
export const houseGameRoutes =
  ({
    seeds,
    slot,
    requireBrand,
    requireMember,
    requireRealMember,
  }: {
    seeds: SeedService;
    slot: SlotService;
    requireBrand: preHandlerAsyncHookHandler;
    requireMember: preHandlerAsyncHookHandler;
    requireRealMember: preHandlerAsyncHookHandler;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('preHandler', requireBrand);

    app.get(
      '/house/fairness/games',
      { schema: { tags, response: { 200: fairnessGamesResponseSchema, ...failureResponses } } },
      async () => ok({ games: seeds.games() }),
    );

    app.post(
      '/house/fairness/verify',
      {
        schema: {
          tags,
          body: verifyRequestSchema,
          response: { 200: verifyResponseSchema, ...failureResponses },
        },
      },
      async (request) => ok(seeds.verify(request.body)),
    );

    app.get(
      '/house/fairness/seed-pairs/:serverSeedHash',
      {
        schema: {
          tags,
          params: seedPairLookupParamsSchema,
          response: { 200: seedPairLookupResponseSchema, ...failureResponses },
        },
      },
      async (request) => ok(await seeds.lookup(request.params.serverSeedHash)),
    );

    app.get(
      '/house/seeds',
      {
        preHandler: requireMember,
        schema: {
          tags,
          querystring: seedPairQuerySchema,
          response: { 200: activeSeedPairResponseSchema, ...failureResponses },
        },
      },
      async (request) => {
        const { member } = request;
        return ok(await seeds.active(member, request.query.game));
      },
    );

    app.get(
      '/house/seeds/revealed',
      {
        preHandler: requireMember,
        schema: {
          tags,
          querystring: seedPairQuerySchema,
          response: { 200: revealedSeedPairsResponseSchema, ...failureResponses },
        },
      },
      async (request) => {
        const { member } = request;
        return ok({ list: await seeds.revealed(member, request.query.game) });
      },
    );

    app.post(
      '/house/seeds/rotate',
      {
        preHandler: requireMember,
        schema: {
          tags,
          body: rotateSeedsRequestSchema,
          response: { 200: rotateSeedsResponseSchema, ...failureResponses },
        },
      },
      async (request) => {
        const { member } = request;
        return ok(await seeds.rotate(member, request.body.game, request.body.clientSeed));
      },
    );

    app.get(
      '/house/slot',
      { schema: { tags, response: { 200: slotInfoResponseSchema, ...failureResponses } } },
      async (request) => ok(await slot.info(request.brand)),
    );

    app.get(
      '/house/slot/jackpot',
      { schema: { tags, response: { 200: jackpotResponseSchema, ...failureResponses } } },
      async (request) => ok(await slot.jackpot(request.brand)),
    );

    app.post(
      '/house/slot/spins',
      {
        preHandler: requireRealMember,
        schema: {
          tags,
          body: slotSpinRequestSchema,
          response: { 200: slotRoundResponseSchema, ...failureResponses },
        },
      },
      async (request) => {
        const { member, brand } = request;
        return ok(await slot.spin(member, brand, request.body));
      },
    );
  };
