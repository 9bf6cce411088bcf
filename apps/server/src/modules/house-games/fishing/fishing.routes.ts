import {
  fishingBatchRequestSchema,
  fishingBatchResponseSchema,
  fishingRoomsResponseSchema,
  fishingSessionParamsSchema,
  fishingSessionResponseSchema,
  fishingShotParamsSchema,
  fishingShotProofResponseSchema,
  openFishingSessionRequestSchema,
} from '@wps/contracts/fishing';
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../../http/envelope';
import { failureResponses } from '../../../http/route-schemas';
import type { FishingService } from './fishing.service';

const tags = ['house-games'];

/**
 * The fishing game under /wps/fishing: the rooms (public), a member's session (open, shots in batches, close)
 * and the proof of one of their shots.
 */
export const fishingRoutes =
  ({
    fishing,
    requireBrand,
    requireMember,
    requireRealMember,
  }: {
    fishing: FishingService;
    requireBrand: preHandlerAsyncHookHandler;
    requireMember: preHandlerAsyncHookHandler;
    requireRealMember: preHandlerAsyncHookHandler;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/fishing/rooms',
      {
        preHandler: requireBrand,
        schema: { tags, response: { 200: fishingRoomsResponseSchema, ...failureResponses } },
      },
      async (request) => ok(await fishing.rooms(request.brand)),
    );

    app.post(
      '/fishing/sessions',
      {
        preHandler: requireRealMember,
        schema: {
          tags,
          body: openFishingSessionRequestSchema,
          response: { 200: fishingSessionResponseSchema, ...failureResponses },
        },
      },
      async (request) => {
        const { member, brand } = request;
        return ok(await fishing.open(member, brand, request.body));
      },
    );

    app.post(
      '/fishing/sessions/:sessionId/shots',
      {
        preHandler: requireRealMember,
        schema: {
          tags,
          params: fishingSessionParamsSchema,
          body: fishingBatchRequestSchema,
          response: { 200: fishingBatchResponseSchema, ...failureResponses },
        },
      },
      async (request) => {
        const { member, brand } = request;
        return ok(await fishing.fire(member, brand, request.params.sessionId, request.body));
      },
    );

    app.post(
      '/fishing/sessions/:sessionId/close',
      {
        preHandler: requireMember,
        schema: {
          tags,
          params: fishingSessionParamsSchema,
          response: { 200: fishingSessionResponseSchema, ...failureResponses },
        },
      },
      async (request) => {
        const { member } = request;
        return ok(await fishing.close(member, request.params.sessionId));
      },
    );

    app.get(
      '/fishing/sessions/:sessionId/shots/:shotId',
      {
        preHandler: requireMember,
        schema: {
          tags,
          params: fishingShotParamsSchema,
          response: { 200: fishingShotProofResponseSchema, ...failureResponses },
        },
      },
      async (request) => {
        const { member } = request;
        return ok(await fishing.proveShot(member, request.params.sessionId, request.params.shotId));
      },
    );
  };
