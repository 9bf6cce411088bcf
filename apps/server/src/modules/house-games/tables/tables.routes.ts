import { eventStreams } from '../../../http/event-streams';
import {
  myTableBetsResponseSchema,
  placeTableBetsRequestSchema,
  placeTableBetsResponseSchema,
  tableListResponseSchema,
  tableStateResponseSchema,
  tableVerificationResponseSchema,
} from '@wps/contracts/tables';
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../../http/envelope';
import { failureResponses } from '../../../http/route-schemas';
import type { TableBetRow } from './tables.repository';
import type { TablesService } from './tables.service';

const tags = ['house-games'];
const tableParams = z.object({ tableId: z.string().max(20) });

const betView = (tableId: string, bet: TableBetRow) => ({
  betId: bet.id.toString(),
  roundId: bet.roundId.toString(),
  tableId,
  spot: bet.spot,
  amount: bet.amount.toString(),
  currency: bet.currency,
  status:
    bet.status === 'placed'
      ? ('PLACED' as const)
      : bet.status === 'settled'
        ? ('SETTLED' as const)
        : ('REFUNDED' as const),
  returned: bet.status === 'settled' ? bet.returned.toString() : null,
});

/**
 * The live-style tables: the list, each table's state (`GET /tables/:tableId/state`, and
 * `GET /tables/:tableId/events`, a text/event-stream with one `state` event per change, serialised once per
 * change for every listener), a member's bets on a round and their recent bets, and a dealt round's proof.
 */
export const tablesRoutes =
  ({
    tables,
    requireMember,
    requireRealMember,
  }: {
    tables: TablesService;
    requireMember: preHandlerAsyncHookHandler;
    requireRealMember: preHandlerAsyncHookHandler;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/tables',
      { schema: { tags, response: { 200: tableListResponseSchema, ...failureResponses } } },
      () =>
        ok({
          tables: tables.list().map((table) => ({
            tableId: table.code,
            game: table.game,
            name: table.name,
            minStake: table.minStake.toString(),
            maxStake: table.maxStake.toString(),
            maxPerRound: table.maxPerRound.toString(),
          })),
        }),
    );

    app.get(
      '/tables/:tableId/state',
      {
        schema: {
          tags,
          params: tableParams,
          response: { 200: tableStateResponseSchema, ...failureResponses },
        },
      },
      async (request) =>
        ok({
          ...(await tables.state(request.params.tableId)),
          serverTime: new Date(tables.context.clock()).toISOString(),
        }),
    );

    const stream = eventStreams(app);
    app.get('/tables/:tableId/events', { schema: { tags, params: tableParams } }, async (request, reply) => {
      await stream(request, reply, (write) => tables.subscribe(request.params.tableId, write));
    });

    app.post(
      '/tables/bets',
      {
        preHandler: requireRealMember,
        schema: {
          tags,
          body: placeTableBetsRequestSchema,
          response: { 200: placeTableBetsResponseSchema, ...failureResponses },
        },
      },
      async (request) => {
        const { member, brand, body } = request;
        const bets = await tables.placeBets(member, brand, body);
        return ok({ bets: bets.map((bet) => betView(body.tableId, bet)) });
      },
    );

    app.get(
      '/tables/:tableId/my-bets',
      {
        preHandler: requireMember,
        schema: {
          tags,
          params: tableParams,
          response: { 200: myTableBetsResponseSchema, ...failureResponses },
        },
      },
      async (request) => ok({ bets: await tables.myBets(request.member, request.params.tableId) }),
    );

    app.get(
      '/tables/rounds/:roundId/verify',
      {
        schema: {
          tags,
          params: z.object({ roundId: z.string().max(32) }),
          response: { 200: tableVerificationResponseSchema, ...failureResponses },
        },
      },
      async (request) => ok(await tables.verify(request.params.roundId)),
    );
  };
