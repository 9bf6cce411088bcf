import { eventStreams } from '../../../http/event-streams';
import {
  pvpActionRequestSchema,
  pvpHandVerificationResponseSchema,
  pvpRoomListResponseSchema,
  pvpSitDownRequestSchema,
  pvpTableParamsSchema,
  pvpTableViewResponseSchema,
} from '@wps/contracts/pvp';
import { niuNiuActionRequestSchema } from '@wps/contracts/pvp-niu-niu';
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../../http/envelope';
import { failureResponses } from '../../../http/route-schemas';
import type { PvpService } from './pvp.service';

const tags = ['house-games'];
const params = pvpTableParamsSchema;
const viewResponse = { 200: pvpTableViewResponseSchema, ...failureResponses };

/**
 * The card rooms: the spec's `GLS2_roomList` (the brand's rooms, public), a table's view for a member
 * (`GET /pvp/tables/:tableId/state`, and `/events`, a text/event-stream of the same view read with the
 * member's token, one `state` event per change of what they see), sitting down, leaving, sitting out and
 * back, a move in the hand (a Niu-Niu table's banker bids and multipliers at `…/niu-niu/actions`), and a
 * settled hand's proof.
 */
export const pvpRoutes =
  ({
    pvp,
    requireBrand,
    requireMember,
    requireRealMember,
  }: {
    pvp: PvpService;
    requireBrand: preHandlerAsyncHookHandler;
    requireMember: preHandlerAsyncHookHandler;
    requireRealMember: preHandlerAsyncHookHandler;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/relay/GLS2_roomList',
      {
        preHandler: requireBrand,
        schema: {
          tags,
          description:
            "The PVP rooms (no-limit hold'em and Niu-Niu by stake level): blinds or base stake, buy-in range, seats taken.",
          response: { 200: pvpRoomListResponseSchema, ...failureResponses },
        },
      },
      async (request) => ok({ rooms: await pvp.listRooms(request.brand) }),
    );

    app.get(
      '/pvp/tables/:tableId/state',
      { preHandler: requireMember, schema: { tags, params, response: viewResponse } },
      async (request) => ok(await pvp.view(request.params.tableId, request.member, request.member.brandId)),
    );

    const stream = eventStreams(app);
    app.get(
      '/pvp/tables/:tableId/events',
      { preHandler: requireMember, schema: { tags, params } },
      async (request, reply) => {
        await stream(request, reply, (write) => pvp.subscribe(request.params.tableId, request.member, write));
      },
    );

    app.post(
      '/pvp/tables/:tableId/seats',
      {
        preHandler: requireRealMember,
        schema: { tags, params, body: pvpSitDownRequestSchema, response: viewResponse },
      },
      async (request) => ok(await pvp.sitDown(request.member, request.params.tableId, request.body)),
    );

    app.post(
      '/pvp/tables/:tableId/leave',
      { preHandler: requireRealMember, schema: { tags, params, response: viewResponse } },
      async (request) => ok(await pvp.leave(request.member, request.params.tableId)),
    );

    app.post(
      '/pvp/tables/:tableId/sit-out',
      { preHandler: requireRealMember, schema: { tags, params, response: viewResponse } },
      async (request) => ok(await pvp.setSittingOut(request.member, request.params.tableId, true)),
    );

    app.post(
      '/pvp/tables/:tableId/back',
      { preHandler: requireRealMember, schema: { tags, params, response: viewResponse } },
      async (request) => ok(await pvp.setSittingOut(request.member, request.params.tableId, false)),
    );

    app.post(
      '/pvp/tables/:tableId/actions',
      {
        preHandler: requireRealMember,
        schema: { tags, params, body: pvpActionRequestSchema, response: viewResponse },
      },
      async (request) => ok(await pvp.act(request.member, request.params.tableId, request.body)),
    );

    app.post(
      '/pvp/tables/:tableId/niu-niu/actions',
      {
        preHandler: requireRealMember,
        schema: { tags, params, body: niuNiuActionRequestSchema, response: viewResponse },
      },
      async (request) => ok(await pvp.actNiuNiu(request.member, request.params.tableId, request.body)),
    );

    app.get(
      '/pvp/hands/:handId/verify',
      {
        schema: {
          tags,
          params: z.object({ handId: z.string().max(32) }),
          response: { 200: pvpHandVerificationResponseSchema, ...failureResponses },
        },
      },
      async (request) => ok(await pvp.verify(request.params.handId)),
    );
  };
