import {
  pvpBotRoomParamsSchema,
  pvpBotRoomUpdateSchema,
  pvpBotsOverviewResponseSchema,
} from '@wps/contracts/pvp-bots';
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../../http/envelope';
import { failureResponses } from '../../../http/route-schemas';
import { type StaffGuards, staffActorOf } from '../../backoffice/backoffice.guard';
import type { PvpBotsService } from './bots-admin';

const tags = ['backoffice: pvp'];

/**
 * The operator's house bots for the card rooms of the brand the request names (x-merchant-code), under
 * /wps/backoffice/pvp/bots: each hold'em room's switch and the house's result from its bots; changes are
 * audited. Bots play with the house's money: switching them is house-game management (house_games.manage);
 * every staff member who sees the games (games.view) may look.
 */
export const pvpBotsAdminRoutes =
  (
    bots: PvpBotsService,
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
      '/pvp/bots',
      { schema: { tags, response: { 200: pvpBotsOverviewResponseSchema, ...failureResponses } } },
      async (request) => ok(await bots.overview(request.brand)),
    );

    app.put(
      '/pvp/bots/:roomCode',
      {
        config: { permission: 'house_games.manage' },
        schema: {
          tags,
          description:
            'Switches house bots on or off for a hold’em room: on, a table with one member waiting gets a bot.',
          params: pvpBotRoomParamsSchema,
          body: pvpBotRoomUpdateSchema,
          response: { 200: pvpBotsOverviewResponseSchema, ...failureResponses },
        },
      },
      async (request) =>
        ok(
          await bots.setRoom(
            staffActorOf(request),
            request.brand,
            request.params.roomCode,
            request.body.isEnabled,
          ),
        ),
    );
  };
