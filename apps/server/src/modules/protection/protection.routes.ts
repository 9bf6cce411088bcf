import { emptyResponseSchema } from '@wps/contracts/backoffice';
import { memberIdParamsSchema } from '@wps/contracts/members';
import {
  endExclusionBodySchema,
  memberProtectionAdminResponseSchema,
  protectionSessionResponseSchema,
  protectionStatusResponseSchema,
  setPlayLimitBodySchema,
  setRealityCheckBodySchema,
  startSelfExclusionBodySchema,
  startTimeOutBodySchema,
} from '@wps/contracts/protection';
import { successEnvelope } from '@wps/contracts/envelope';
import { exclusionSchema } from '@wps/contracts/protection';
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope';
import { failureResponses } from '../../http/route-schemas';
import { type StaffGuards, staffActorOf } from '../backoffice/backoffice.guard';
import type { ProtectionService } from './protection.service';

const tags = ['protection'];
const exclusionResponseSchema = successEnvelope(exclusionSchema);

/** The member's own responsible-gambling settings (member centre: Responsible gaming). */
export const protectionRoutes =
  (protection: ProtectionService, requireRealMember: preHandlerAsyncHookHandler): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('preHandler', requireRealMember);

    app.get(
      '/member/protection',
      { schema: { tags, response: { 200: protectionStatusResponseSchema, ...failureResponses } } },
      async (request) => ok(await protection.status(request.member)),
    );
    app.get(
      '/member/protection/session',
      { schema: { tags, response: { 200: protectionSessionResponseSchema, ...failureResponses } } },
      async (request) => ok(await protection.sessionSummary(request.member)),
    );
    app.put(
      '/member/protection/limits',
      {
        schema: {
          tags,
          body: setPlayLimitBodySchema,
          response: { 200: protectionStatusResponseSchema, ...failureResponses },
        },
      },
      async (request) => ok(await protection.setLimit(request.member, request.body)),
    );
    app.put(
      '/member/protection/reality-check',
      {
        schema: {
          tags,
          body: setRealityCheckBodySchema,
          response: { 200: protectionStatusResponseSchema, ...failureResponses },
        },
      },
      async (request) => ok(await protection.setRealityCheck(request.member, request.body)),
    );
    app.post(
      '/member/protection/time-out',
      {
        schema: {
          tags,
          body: startTimeOutBodySchema,
          response: { 200: exclusionResponseSchema, ...failureResponses },
        },
      },
      async (request) => ok(await protection.startTimeOut(request.member, request.body)),
    );
    app.post(
      '/member/protection/self-exclusion',
      {
        schema: {
          tags,
          body: startSelfExclusionBodySchema,
          response: { 200: exclusionResponseSchema, ...failureResponses },
        },
      },
      async (request) => ok(await protection.startSelfExclusion(request.member, request.body)),
    );
  };

/** Staff read a member's protection and end an exclusion that has run out, with a reason. */
export const protectionAdminRoutes =
  (
    protection: ProtectionService,
    {
      requireStaff,
      requireBrand,
    }: Pick<StaffGuards, 'requireStaff'> & { requireBrand: preHandlerAsyncHookHandler },
  ): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', requireStaff);
    app.addHook('preHandler', requireBrand);
    const adminTags = ['backoffice: members'];

    app.get(
      '/members/:memberId/protection',
      {
        config: { permission: 'members.view' },
        schema: {
          tags: adminTags,
          params: memberIdParamsSchema,
          response: { 200: memberProtectionAdminResponseSchema, ...failureResponses },
        },
      },
      async (request) => ok(await protection.adminView(request.brand.id, BigInt(request.params.memberId))),
    );
    app.post(
      '/members/:memberId/protection/end-exclusion',
      {
        config: { permission: 'members.manage' },
        schema: {
          tags: adminTags,
          params: memberIdParamsSchema,
          body: endExclusionBodySchema,
          response: { 200: emptyResponseSchema, ...failureResponses },
        },
      },
      async (request) => {
        await protection.endExclusion(
          staffActorOf(request),
          request.brand.id,
          BigInt(request.params.memberId),
          request.body,
        );
        return ok(null);
      },
    );
  };
