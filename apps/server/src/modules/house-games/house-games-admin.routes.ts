import { houseGameLimitsResponseSchema } from '@wps/contracts/house-games-admin';
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope';
import { failureResponses } from '../../http/route-schemas';
import type { StaffGuards } from '../backoffice/backoffice.guard';
import { describeHouseGameLimits, type HouseGameLimitsDependencies } from './house-game-limits';

/** The house games' limits for the console (under /wps/backoffice), in the currency of the brand named. */
export const houseGamesAdminRoutes =
  (
    dependencies: HouseGameLimitsDependencies,
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
      '/house-games/limits',
      {
        schema: {
          tags: ['backoffice: house games'],
          description: "Each house game's stakes and limits as the platform's configuration fixes them.",
          response: { 200: houseGameLimitsResponseSchema, ...failureResponses },
        },
      },
      async (request) => ok(await describeHouseGameLimits(dependencies, request.brand)),
    );
  };
