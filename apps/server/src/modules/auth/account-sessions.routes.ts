import { accountSessionsResponseSchema, signOutOthersResponseSchema } from '@wps/contracts/member-account';
import { memberLoginQuerySchema, memberLoginsResponseSchema } from '@wps/contracts/members';
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope';
import { failureResponses } from '../../http/route-schemas';
import type { AuthService } from './auth.service';

const tags = ['auth'];

type AccountSessionRouteDependencies = {
  auth: Pick<AuthService, 'listAccountSessions' | 'signOutOtherSessions' | 'listMemberSignInEvents'>;
  requireMember: preHandlerAsyncHookHandler;
  requireRealMember: preHandlerAsyncHookHandler;
};

/** The member's own sessions and sign-ins in the security centre; signing the others out is a real member's act. */
export const accountSessionRoutes =
  ({ auth, requireMember, requireRealMember }: AccountSessionRouteDependencies): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/member/account/sessions',
      {
        preHandler: requireMember,
        schema: { tags, response: { 200: accountSessionsResponseSchema, ...failureResponses } },
      },
      async (request) => ok({ list: await auth.listAccountSessions(request.memberSession) }),
    );

    app.delete(
      '/member/account/sessions/others',
      {
        preHandler: requireRealMember,
        schema: { tags, response: { 200: signOutOthersResponseSchema, ...failureResponses } },
      },
      async (request) => ok(await auth.signOutOtherSessions(request.visitor, request.memberSession)),
    );

    app.get(
      '/member/account/sign-ins',
      {
        preHandler: requireMember,
        schema: {
          tags,
          querystring: memberLoginQuerySchema,
          response: { 200: memberLoginsResponseSchema, ...failureResponses },
        },
      },
      async (request) => ok(await auth.listMemberSignInEvents(request.member.id, request.query)),
    );
  };
