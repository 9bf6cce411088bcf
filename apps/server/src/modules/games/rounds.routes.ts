import {
  bettingRecordQuerySchema,
  bettingRecordResponseSchema,
  bettingRoundDetailResponseSchema,
} from '@wps/contracts/games';
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../http/envelope';
import { failureResponses } from '../../http/route-schemas';
import type { RoundsService } from './rounds.service';

const tags = ['games'];

/** The member's betting record (personalHistoryCopy) and one round's detail. */
export const roundsRoutes =
  ({
    rounds,
    requireMember,
  }: {
    rounds: RoundsService;
    requireMember: preHandlerAsyncHookHandler;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('preHandler', requireMember);

    app.get(
      '/member/betting-records',
      {
        schema: {
          tags,
          querystring: bettingRecordQuerySchema,
          response: { 200: bettingRecordResponseSchema, ...failureResponses },
        },
      },
      async (request) => {
        const { member, brand } = request;
        return ok(await rounds.list(member, brand, request.query));
      },
    );

    app.get(
      '/member/betting-records/:roundId',
      {
        schema: {
          tags,
          params: z.object({ roundId: z.string().max(32) }),
          response: { 200: bettingRoundDetailResponseSchema, ...failureResponses },
        },
      },
      async (request) => {
        const { member } = request;
        return ok(await rounds.detail(member, request.params.roundId));
      },
    );
  };
