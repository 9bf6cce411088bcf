import {
  bettingRecordQuerySchema,
  bettingRecordResponseSchema,
  bettingRoundDetailResponseSchema,
} from '@wps/contracts/games';
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../http/app-error';
import { ok } from '../../http/envelope';
import { visitorOf } from '../../http/request-context';
import { failureResponses } from '../../http/route-schemas';
import { sessionOf } from '../auth/auth.service';
import type { SiteService } from '../site/site.service';
import type { RoundsService } from './rounds.service';

const tags = ['games'];

/** The member's betting record (personalHistoryCopy) and one round's detail. */
export const roundsRoutes =
  ({
    rounds,
    site,
    requireMember,
  }: {
    rounds: RoundsService;
    site: SiteService;
    requireMember: preHandlerAsyncHookHandler;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('preHandler', requireMember);

    /** The member and the brand whose currency and clock apply; a session works only on its own brand. */
    const memberOf = async (request: FastifyRequest) => {
      const { member } = sessionOf(request);
      const { brand } = await site.getBrandContext(visitorOf(request));
      if (brand.id !== member.brandId) throw new AppError('UNAUTHORIZED');
      return { member, brand };
    };

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
        const { member, brand } = await memberOf(request);
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
        const { member } = await memberOf(request);
        return ok(await rounds.detail(member, request.params.roundId));
      },
    );
  };
