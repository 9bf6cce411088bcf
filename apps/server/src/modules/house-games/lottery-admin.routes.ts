import {
  adminDrawsQuerySchema,
  adminDrawsResponseSchema,
  adminLotteryGamesResponseSchema,
  enterResultRequestSchema,
  enterResultResponseSchema,
  lotteryAdminDrawParamsSchema,
  lotteryAdminGameParamsSchema,
  lotteryGameSettingsResponseSchema,
  lotteryGameSettingsSchema,
  numberLimitParamsSchema,
  numberLimitRequestSchema,
  numberLimitResponseSchema,
  numberLimitsResponseSchema,
} from '@wps/contracts/lottery';
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope';
import { failureResponses } from '../../http/route-schemas';
import { type StaffGuards, staffActorOf } from '../backoffice/backoffice.guard';
import type { LotteryService } from './lottery.service';

const tags = ['backoffice: lottery'];
/** Limits and results decide what the house risks and pays. */
const change = { permission: 'house_games.manage' } as const;

/**
 * Operator endpoints of the lottery of the brand the request names (x-merchant-code), under
 * /wps/backoffice/lottery; changes are audited.
 */
export const lotteryAdminRoutes =
  (
    lottery: LotteryService,
    {
      requireStaff,
      requirePermission,
      requireBrand,
    }: Pick<StaffGuards, 'requireStaff' | 'requirePermission'> & { requireBrand: preHandlerAsyncHookHandler },
  ): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', requireStaff);
    app.addHook('onRoute', requirePermission('games.view'));
    app.addHook('preHandler', requireBrand);

    app.get(
      '/lottery/draws',
      {
        schema: {
          tags,
          querystring: adminDrawsQuerySchema,
          response: { 200: adminDrawsResponseSchema, ...failureResponses },
        },
      },
      async (request) => ok(await lottery.adminDraws(request.brand, request.query)),
    );

    app.get(
      '/lottery/games',
      {
        schema: {
          tags,
          description:
            "Every lottery game with its kind, result source and default number cap (the brand's).",
          response: { 200: adminLotteryGamesResponseSchema, ...failureResponses },
        },
      },
      async (request) => ok(await lottery.adminGames(request.brand)),
    );

    app.get(
      '/lottery/games/:gameCode/settings',
      {
        schema: {
          tags,
          params: lotteryAdminGameParamsSchema,
          response: { 200: lotteryGameSettingsResponseSchema, ...failureResponses },
        },
      },
      async (request) => ok(await lottery.getSettings(request.brand, request.params.gameCode)),
    );

    app.put(
      '/lottery/games/:gameCode/settings',
      {
        config: change,
        schema: {
          tags,
          description:
            'Result source (fair or operator; applies to draws still open) and the default number cap.',
          params: lotteryAdminGameParamsSchema,
          body: lotteryGameSettingsSchema,
          response: { 200: lotteryGameSettingsResponseSchema, ...failureResponses },
        },
      },
      async (request) =>
        ok(
          await lottery.putSettings(
            staffActorOf(request),
            request.brand,
            request.params.gameCode,
            request.body,
          ),
        ),
    );

    app.get(
      '/lottery/games/:gameCode/numbers',
      {
        schema: {
          tags,
          params: lotteryAdminGameParamsSchema,
          response: { 200: numberLimitsResponseSchema, ...failureResponses },
        },
      },
      async (request) => ok(await lottery.listLimits(request.brand, request.params.gameCode)),
    );

    app.put(
      '/lottery/games/:gameCode/numbers/:number',
      {
        config: change,
        schema: {
          tags,
          description: "A number's own cap on its potential payout per draw, or a block.",
          params: numberLimitParamsSchema,
          body: numberLimitRequestSchema,
          response: { 200: numberLimitResponseSchema, ...failureResponses },
        },
      },
      async (request) =>
        ok(
          await lottery.putLimit(
            staffActorOf(request),
            request.brand,
            request.params.gameCode,
            request.params.number,
            request.body,
          ),
        ),
    );

    app.post(
      '/lottery/draws/:drawId/result',
      {
        config: change,
        schema: {
          tags,
          description:
            'Enters the official result of a closed, due draw of an operator-sourced game (audited).',
          params: lotteryAdminDrawParamsSchema,
          body: enterResultRequestSchema,
          response: { 200: enterResultResponseSchema, ...failureResponses },
        },
      },
      async (request) =>
        ok(
          await lottery.enterResult(
            staffActorOf(request),
            request.brand,
            request.params.drawId,
            request.body.result,
          ),
        ),
    );
  };
