import {
  accountResponseSchema,
  bindingCodeResponseSchema,
  emailBindingCodeRequestSchema,
  emailBindingRequestSchema,
  mobileBindingCodeRequestSchema,
  mobileBindingRequestSchema,
  profileUpdateRequestSchema,
} from '@wps/contracts/member-account';
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope';
import { failureResponses } from '../../http/route-schemas';
import type { AccountActor, MemberAccountService } from './member-account.service';

const tags = ['member account'];

type MemberAccountRouteDependencies = {
  account: MemberAccountService;
  /** Reading the account: trial (free-play) accounts too. */
  requireMember: preHandlerAsyncHookHandler;
  /** Every change: real members only (TRIAL_NOT_ALLOWED for a free-play account). */
  requireRealMember: preHandlerAsyncHookHandler;
};

const actorOf = (request: FastifyRequest): AccountActor => ({
  member: request.member,
  context: request.brandContext,
  visitor: request.visitor,
});

const account200 = { 200: accountResponseSchema, ...failureResponses };
const code200 = { 200: bindingCodeResponseSchema, ...failureResponses };

/** The member's security centre under /wps/member/account. */
export const memberAccountRoutes =
  ({ account, requireMember, requireRealMember }: MemberAccountRouteDependencies): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/member/account',
      { preHandler: requireMember, schema: { tags, response: account200 } },
      async (request) => ok(await account.describe(actorOf(request))),
    );

    app.put(
      '/member/account/profile',
      {
        preHandler: requireRealMember,
        schema: { tags, body: profileUpdateRequestSchema, response: account200 },
      },
      async (request) => ok(await account.updateProfile(actorOf(request), request.body), 'Profile saved.'),
    );

    app.post(
      '/member/account/mobile/code',
      {
        preHandler: requireRealMember,
        schema: { tags, body: mobileBindingCodeRequestSchema, response: code200 },
      },
      async (request) => ok(await account.sendMobileCode(actorOf(request), request.body)),
    );

    app.post(
      '/member/account/mobile',
      {
        preHandler: requireRealMember,
        schema: { tags, body: mobileBindingRequestSchema, response: account200 },
      },
      async (request) => ok(await account.bindMobile(actorOf(request), request.body), 'Mobile number bound.'),
    );

    app.post(
      '/member/account/email/code',
      {
        preHandler: requireRealMember,
        schema: { tags, body: emailBindingCodeRequestSchema, response: code200 },
      },
      async (request) => ok(await account.sendEmailCode(actorOf(request), request.body)),
    );

    app.post(
      '/member/account/email',
      {
        preHandler: requireRealMember,
        schema: { tags, body: emailBindingRequestSchema, response: account200 },
      },
      async (request) => ok(await account.bindEmail(actorOf(request), request.body), 'Email bound.'),
    );
  };
