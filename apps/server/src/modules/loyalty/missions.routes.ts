import {
  claimMissionRequestSchema,
  claimMissionResponseSchema,
  leaderboardQuerySchema,
  missionLeaderboardResponseSchema,
  missionSummaryQuerySchema,
  missionSummaryResponseSchema,
  missionUnreadResponseSchema,
} from '@wps/contracts/loyalty-missions';
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope';
import { failureResponses } from '../../http/route-schemas';
import type { MissionOwner, MissionService } from './missions.service';

const tags = ['loyalty: missions'];

const ownerOf = (request: FastifyRequest): MissionOwner => ({
  brandId: request.member.brandId,
  memberId: request.member.id,
  currency: request.brand.currency,
  timeZone: request.brand.timeZone,
});

/** The member's missions and leaderboards (missionLeaderboard), by the spec's relay names. */
export const missionRoutes =
  (missions: MissionService, requireRealMember: preHandlerAsyncHookHandler): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('preHandler', requireRealMember);

    app.get(
      '/relay/MCSFE_getMissionSummaryDetails',
      {
        schema: {
          tags,
          querystring: missionSummaryQuerySchema,
          response: { 200: missionSummaryResponseSchema, ...failureResponses },
        },
      },
      async (request) => ok(await missions.summary(ownerOf(request), request.query.lang)),
    );
    app.get(
      '/relay/MCSFE_getMissionUnread',
      { schema: { tags, response: { 200: missionUnreadResponseSchema, ...failureResponses } } },
      async (request) => ok(await missions.unread(ownerOf(request))),
    );
    app.post(
      '/relay/MCSFE_markMissionsSeen',
      { schema: { tags, response: { 200: missionUnreadResponseSchema, ...failureResponses } } },
      async (request) => ok(await missions.markSeen(ownerOf(request))),
    );
    app.post(
      '/relay/MCSFE_claimMission',
      {
        schema: {
          tags,
          description:
            'Cash and bonus rewards go to the reward centre (claimed there); points are credited at once.',
          body: claimMissionRequestSchema,
          response: { 200: claimMissionResponseSchema, ...failureResponses },
        },
      },
      async (request) =>
        ok(
          await missions.claim(ownerOf(request), {
            missionId: BigInt(request.body.missionId),
            periodKey: request.body.periodKey,
          }),
        ),
    );
    app.get(
      '/relay/MCSFE_getMissionLeaderboard',
      {
        schema: {
          tags,
          querystring: leaderboardQuerySchema,
          response: { 200: missionLeaderboardResponseSchema, ...failureResponses },
        },
      },
      async (request) =>
        ok(
          await missions.leaderboards(ownerOf(request), {
            ...(request.query.leaderboardId === undefined
              ? {}
              : { leaderboardId: BigInt(request.query.leaderboardId) }),
            ...(request.query.lang === undefined ? {} : { lang: request.query.lang }),
          }),
        ),
    );
  };
