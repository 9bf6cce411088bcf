import {
  leaderboardBodySchema,
  leaderboardPayoutListResponseSchema,
  leaderboardStatusRequestSchema,
  missionBodySchema,
  missionParamsSchema,
  missionStatusRequestSchema,
  operatorLeaderboardListResponseSchema,
  operatorLeaderboardResponseSchema,
  operatorMissionListResponseSchema,
  operatorMissionResponseSchema,
} from '@wps/contracts/loyalty-missions';
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope';
import { failureResponses } from '../../http/route-schemas';
import { type StaffGuards, staffActorOf } from '../backoffice/backoffice.guard';
import type { MissionService } from './missions.service';

const tags = ['backoffice: loyalty missions'];
/** Missions and prizes decide what the brand pays, like promotions. */
const define = { permission: 'loyalty.manage' } as const;

/** Operator endpoints under /wps/backoffice/loyalty: missions, leaderboards and their payouts, audited. */
export const missionAdminRoutes =
  ({
    missions,
    requireStaff,
    requirePermission,
    requireBrand,
  }: {
    missions: MissionService;
    requireBrand: preHandlerAsyncHookHandler;
  } & Pick<StaffGuards, 'requireStaff' | 'requirePermission'>): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', requireStaff);
    app.addHook('onRoute', requirePermission('loyalty.view'));
    app.addHook('preHandler', requireBrand);
    const { admin } = missions;

    app.get(
      '/loyalty/missions',
      { schema: { tags, response: { 200: operatorMissionListResponseSchema, ...failureResponses } } },
      async (request) => ok(await admin.listMissions(request.brand)),
    );
    app.post(
      '/loyalty/missions',
      {
        config: define,
        schema: {
          tags,
          description: 'Created as a draft; amounts are decimals in the brand currency.',
          body: missionBodySchema,
          response: { 200: operatorMissionResponseSchema, ...failureResponses },
        },
      },
      async (request) => ok(await admin.createMission(staffActorOf(request), request.brand, request.body)),
    );
    app.put(
      '/loyalty/missions/:id',
      {
        config: define,
        schema: {
          tags,
          params: missionParamsSchema,
          body: missionBodySchema,
          response: { 200: operatorMissionResponseSchema, ...failureResponses },
        },
      },
      async (request) =>
        ok(
          await admin.updateMission(
            staffActorOf(request),
            request.brand,
            BigInt(request.params.id),
            request.body,
          ),
        ),
    );
    app.post(
      '/loyalty/missions/:id/status',
      {
        config: define,
        schema: {
          tags,
          description: 'draft → live; live ⇄ paused; any but a draft → ended (final).',
          params: missionParamsSchema,
          body: missionStatusRequestSchema,
          response: { 200: operatorMissionResponseSchema, ...failureResponses },
        },
      },
      async (request) =>
        ok(
          await admin.changeMissionStatus(
            staffActorOf(request),
            request.brand,
            BigInt(request.params.id),
            request.body.status,
          ),
        ),
    );

    app.get(
      '/loyalty/leaderboards',
      { schema: { tags, response: { 200: operatorLeaderboardListResponseSchema, ...failureResponses } } },
      async (request) => ok(await admin.listLeaderboards(request.brand)),
    );
    app.get(
      '/loyalty/leaderboards/payouts',
      { schema: { tags, response: { 200: leaderboardPayoutListResponseSchema, ...failureResponses } } },
      async (request) => ok(await admin.listPayouts(request.brand)),
    );
    app.post(
      '/loyalty/leaderboards',
      {
        config: define,
        schema: {
          tags,
          body: leaderboardBodySchema,
          response: { 200: operatorLeaderboardResponseSchema, ...failureResponses },
        },
      },
      async (request) =>
        ok(await admin.createLeaderboard(staffActorOf(request), request.brand, request.body)),
    );
    app.put(
      '/loyalty/leaderboards/:id',
      {
        config: define,
        schema: {
          tags,
          description: 'Title, prizes and turnover; the metric and period never change.',
          params: missionParamsSchema,
          body: leaderboardBodySchema,
          response: { 200: operatorLeaderboardResponseSchema, ...failureResponses },
        },
      },
      async (request) =>
        ok(
          await admin.updateLeaderboard(
            staffActorOf(request),
            request.brand,
            BigInt(request.params.id),
            request.body,
          ),
        ),
    );
    app.post(
      '/loyalty/leaderboards/:id/status',
      {
        config: define,
        schema: {
          tags,
          params: missionParamsSchema,
          body: leaderboardStatusRequestSchema,
          response: { 200: operatorLeaderboardResponseSchema, ...failureResponses },
        },
      },
      async (request) =>
        ok(
          await admin.changeLeaderboardStatus(
            staffActorOf(request),
            request.brand,
            BigInt(request.params.id),
            request.body.status,
          ),
        ),
    );
  };
