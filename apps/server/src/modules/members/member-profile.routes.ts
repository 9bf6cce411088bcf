import { bettingRecordQuerySchema, bettingRecordResponseSchema } from '@wps/contracts/games';
import {
  linkedMembersResponseSchema,
  memberFundsResponseSchema,
  memberIdParamsSchema,
  memberLoginQuerySchema,
  memberLoginsResponseSchema,
  memberNoteRequestSchema,
  memberPasswordResetResponseSchema,
  memberProfileResponseSchema,
  memberResetRequestSchema,
  memberStatusRequestSchema,
  memberStatusResponseSchema,
  memberTagParamsSchema,
  memberTagRequestSchema,
  memberTagsResponseSchema,
} from '@wps/contracts/members';
import {
  depositListResponseSchema,
  pageQuerySchema,
  withdrawalListResponseSchema,
} from '@wps/contracts/payments';
import { transactionRecordQuerySchema, transactionRecordsResponseSchema } from '@wps/contracts/wallet';
import { emptyResponseSchema } from '@wps/contracts/backoffice';
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope';
import { failureResponses } from '../../http/route-schemas';
import { type StaffGuards, namedStaffActorOf } from '../backoffice/backoffice.guard';
import type { MemberProfileService } from './member-profile.service';

const tags = ['backoffice: members'];
const view = { permission: 'members.view' } as const;
const manage = { permission: 'members.manage' } as const;

/**
 * The console's member profile under /wps/backoffice/members/:memberId, in the brand the request names: who the
 * member is (members.view), their money (members.view_balances), their records through the member's own
 * services (each with the permission of its kind of record), and staff's changes (members.manage).
 */
export const memberProfileRoutes =
  (
    profiles: MemberProfileService,
    {
      requireStaff,
      requireBrand,
    }: Pick<StaffGuards, 'requireStaff'> & { requireBrand: preHandlerAsyncHookHandler },
  ): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', requireStaff);
    app.addHook('preHandler', requireBrand);
    const memberIdOf = (request: { params: { memberId: string } }) => BigInt(request.params.memberId);

    app.get(
      '/members/:memberId/profile',
      {
        config: view,
        schema: {
          tags,
          params: memberIdParamsSchema,
          response: { 200: memberProfileResponseSchema, ...failureResponses },
        },
      },
      async (request) => ok(await profiles.profile(request.brand, memberIdOf(request))),
    );

    app.get(
      '/members/:memberId/funds',
      {
        config: { permission: 'members.view_balances' },
        schema: {
          tags,
          params: memberIdParamsSchema,
          response: { 200: memberFundsResponseSchema, ...failureResponses },
        },
      },
      async (request) => ok(await profiles.funds(request.brand, memberIdOf(request), request.ip)),
    );

    app.get(
      '/members/:memberId/sign-ins',
      {
        config: view,
        schema: {
          tags,
          params: memberIdParamsSchema,
          querystring: memberLoginQuerySchema,
          response: { 200: memberLoginsResponseSchema, ...failureResponses },
        },
      },
      async (request) => ok(await profiles.signIns(request.brand, memberIdOf(request), request.query)),
    );

    app.get(
      '/members/:memberId/linked',
      {
        config: view,
        schema: {
          tags,
          params: memberIdParamsSchema,
          response: { 200: linkedMembersResponseSchema, ...failureResponses },
        },
      },
      async (request) => ok(await profiles.linked(request.brand, memberIdOf(request))),
    );

    app.get(
      '/members/:memberId/records/transactions',
      {
        config: { permission: 'members.view_balances' },
        schema: {
          tags,
          params: memberIdParamsSchema,
          querystring: transactionRecordQuerySchema,
          response: { 200: transactionRecordsResponseSchema, ...failureResponses },
        },
      },
      async (request) => ok(await profiles.transactions(request.brand, memberIdOf(request), request.query)),
    );

    app.get(
      '/members/:memberId/records/bets',
      {
        config: view,
        schema: {
          tags,
          params: memberIdParamsSchema,
          querystring: bettingRecordQuerySchema,
          response: { 200: bettingRecordResponseSchema, ...failureResponses },
        },
      },
      async (request) => ok(await profiles.bets(request.brand, memberIdOf(request), request.query)),
    );

    app.get(
      '/members/:memberId/records/deposits',
      {
        config: { permission: 'deposits.view' },
        schema: {
          tags,
          params: memberIdParamsSchema,
          querystring: pageQuerySchema,
          response: { 200: depositListResponseSchema, ...failureResponses },
        },
      },
      async (request) => ok(await profiles.deposits(request.brand, memberIdOf(request), request.query)),
    );

    app.get(
      '/members/:memberId/records/withdrawals',
      {
        config: { permission: 'withdrawals.view' },
        schema: {
          tags,
          params: memberIdParamsSchema,
          querystring: pageQuerySchema,
          response: { 200: withdrawalListResponseSchema, ...failureResponses },
        },
      },
      async (request) =>
        ok(await profiles.withdrawals(request.brand, memberIdOf(request), request.query, request.ip)),
    );

    app.post(
      '/members/:memberId/notes',
      {
        config: manage,
        schema: {
          tags,
          params: memberIdParamsSchema,
          body: memberNoteRequestSchema,
          response: { 200: emptyResponseSchema, ...failureResponses },
        },
      },
      async (request) => {
        await profiles.addNote(
          namedStaffActorOf(request),
          request.brand,
          memberIdOf(request),
          request.body.body,
        );
        return ok(null);
      },
    );

    app.post(
      '/members/:memberId/tags',
      {
        config: manage,
        schema: {
          tags,
          params: memberIdParamsSchema,
          body: memberTagRequestSchema,
          response: { 200: memberTagsResponseSchema, ...failureResponses },
        },
      },
      async (request) =>
        ok({
          tags: await profiles.addTag(
            namedStaffActorOf(request),
            request.brand,
            memberIdOf(request),
            request.body.tag,
          ),
        }),
    );

    app.delete(
      '/members/:memberId/tags/:tag',
      {
        config: manage,
        schema: {
          tags,
          params: memberTagParamsSchema,
          response: { 200: memberTagsResponseSchema, ...failureResponses },
        },
      },
      async (request) =>
        ok({
          tags: await profiles.removeTag(
            namedStaffActorOf(request),
            request.brand,
            memberIdOf(request),
            request.params.tag.trim().toLowerCase(),
          ),
        }),
    );

    app.post(
      '/members/:memberId/status',
      {
        config: manage,
        schema: {
          tags,
          params: memberIdParamsSchema,
          body: memberStatusRequestSchema,
          response: { 200: memberStatusResponseSchema, ...failureResponses },
        },
      },
      async (request) =>
        ok(
          await profiles.changeStatus(
            namedStaffActorOf(request),
            request.brand,
            memberIdOf(request),
            request.body,
          ),
        ),
    );

    app.post(
      '/members/:memberId/password-reset',
      {
        config: manage,
        schema: {
          tags,
          params: memberIdParamsSchema,
          body: memberResetRequestSchema,
          response: { 200: memberPasswordResetResponseSchema, ...failureResponses },
        },
      },
      async (request) =>
        ok(
          await profiles.resetPassword(
            namedStaffActorOf(request),
            request.brand,
            memberIdOf(request),
            request.body.reason,
          ),
        ),
    );

    app.post(
      '/members/:memberId/payment-password-reset',
      {
        config: manage,
        schema: {
          tags,
          params: memberIdParamsSchema,
          body: memberResetRequestSchema,
          response: { 200: emptyResponseSchema, ...failureResponses },
        },
      },
      async (request) => {
        await profiles.resetPaymentPassword(
          namedStaffActorOf(request),
          request.brand,
          memberIdOf(request),
          request.body.reason,
        );
        return ok(null);
      },
    );
  };
