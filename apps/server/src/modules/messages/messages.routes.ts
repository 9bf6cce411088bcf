import {
  messageListQuerySchema,
  messageListResponseSchema,
  unreadCountResponseSchema,
} from '@wps/contracts/messages';
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope';
import { failureResponses } from '../../http/route-schemas';
import { sessionOf } from '../auth/auth.service';
import type { MessageService } from './messages.service';

/** The inbox as the site reads it; reading, deleting and the inbox screens come with the site-content issue. */
export const messageRoutes =
  (messages: MessageService, requireMember: preHandlerAsyncHookHandler): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/member/messages',
      {
        preHandler: requireMember,
        schema: {
          tags: ['messages'],
          querystring: messageListQuerySchema,
          response: { 200: messageListResponseSchema, ...failureResponses },
        },
      },
      async (request) => ok(await messages.list(sessionOf(request).member.id, request.query)),
    );
    app.get(
      '/relay/CSP_unreadCount',
      {
        preHandler: requireMember,
        schema: { tags: ['messages'], response: { 200: unreadCountResponseSchema, ...failureResponses } },
      },
      async (request) => ok({ count: await messages.unreadCount(sessionOf(request).member.id) }),
    );
  };
