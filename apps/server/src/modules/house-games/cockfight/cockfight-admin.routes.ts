import {
  adminFightResponseSchema,
  adminFightsQuerySchema,
  adminFightsResponseSchema,
  enterFightResultRequestSchema,
  fightParamsSchema,
  scheduleFightRequestSchema,
} from '@wps/contracts/cockfight';
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../../http/envelope';
import { failureResponses } from '../../../http/route-schemas';
import { type StaffGuards, staffActorOf } from '../../backoffice/backoffice.guard';
import type { CockfightService } from './cockfight.service';

const tags = ['backoffice: cockfight'];
/** Running fights decides what the house takes and pays. */
const change = { permission: 'house_games.manage' } as const;

const moves = [
  ['open', 'Opens betting on a scheduled fight (one fight of the arena takes bets at a time).'],
  ['last-call', 'Gives the last call on a fight open for bets; bets are still taken.'],
  ['close', 'Closes betting: bets arriving after it are refused.'],
  ['cancel', 'Cancels a fight without a result; every bet is returned.'],
] as const;

/**
 * The operator's console for the arena of the brand the request names (x-merchant-code), under
 * /wps/backoffice/cockfight: the schedule, each fight's moves and its result; every change is audited, and
 * each move is conditional on the fight's state, so of two operators pressing at once one wins.
 */
export const cockfightAdminRoutes =
  (
    cockfight: CockfightService,
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
      '/cockfight/fights',
      {
        schema: {
          tags,
          querystring: adminFightsQuerySchema,
          response: { 200: adminFightsResponseSchema, ...failureResponses },
        },
      },
      async (request) => ok({ fights: await cockfight.adminFights(request.brand.id, request.query.view) }),
    );

    app.post(
      '/cockfight/fights',
      {
        config: change,
        schema: {
          tags,
          description: 'Schedules the next fight: its entries and limits (the arena defaults when left out).',
          body: scheduleFightRequestSchema,
          response: { 200: adminFightResponseSchema, ...failureResponses },
        },
      },
      async (request) => ok(await cockfight.schedule(staffActorOf(request), request.brand, request.body)),
    );

    for (const [move, description] of moves) {
      app.post(
        `/cockfight/fights/:fightId/${move}`,
        {
          config: change,
          schema: {
            tags,
            description,
            params: fightParamsSchema,
            response: { 200: adminFightResponseSchema, ...failureResponses },
          },
        },
        async (request) =>
          ok(
            await cockfight.move(
              staffActorOf(request),
              request.brand.id,
              BigInt(request.params.fightId),
              move,
            ),
          ),
      );
    }

    app.post(
      '/cockfight/fights/:fightId/result',
      {
        config: change,
        schema: {
          tags,
          description: 'Enters the result of a closed fight, once, and settles its bets.',
          params: fightParamsSchema,
          body: enterFightResultRequestSchema,
          response: { 200: adminFightResponseSchema, ...failureResponses },
        },
      },
      async (request) =>
        ok(
          await cockfight.enterResult(
            staffActorOf(request),
            request.brand.id,
            BigInt(request.params.fightId),
            request.body.result,
          ),
        ),
    );
  };
