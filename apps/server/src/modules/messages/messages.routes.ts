import {
  messageIdsSchema,
  messageListQuerySchema,
  messageListResponseSchema,
  messageParamsSchema,
  messagesChangedResponseSchema,
  unreadCountResponseSchema,
  unreadMessageResponseSchema,
} from '@wps/contracts/messages';
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../http/app-error';
import { ok } from '../../http/envelope';
import { failureResponses } from '../../http/route-schemas';
import type { MessageService } from './messages.service';

/** The inbox (messageV2): the list, the unread counts, reading and deleting, each on the member's own messages. */
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
      async (request) => ok(await messages.list(request.member.id, request.query)),
    );
    app.get(
      '/relay/CSP_unreadCount',
      {
        preHandler: requireMember,
        schema: { tags: ['messages'], response: { 200: unreadCountResponseSchema, ...failureResponses } },
      },
      async (request) => ok({ count: await messages.unreadCount(request.member.id) }),
    );
    app.get(
      '/relay/getUnreadMessageV2',
      {
        preHandler: requireMember,
        schema: { tags: ['messages'], response: { 200: unreadMessageResponseSchema, ...failureResponses } },
      },
      async (request) => ok(await messages.getUnread(request.member.id)),
    );
    app.post(
      '/member/messages/read',
      {
        preHandler: requireMember,
        schema: {
          tags: ['messages'],
          body: messageIdsSchema,
          response: { 200: messagesChangedResponseSchema, ...failureResponses },
        },
      },
      async (request) => ok({ changed: await messages.markRead(request.member.id, request.body.ids) }),
    );
    app.post(
      '/member/messages/read-all',
      {
        preHandler: requireMember,
        schema: { tags: ['messages'], response: { 200: messagesChangedResponseSchema, ...failureResponses } },
      },
      async (request) => ok({ changed: await messages.markRead(request.member.id, 'all') }),
    );
    app.post(
      '/member/messages/delete',
      {
        preHandler: requireMember,
        schema: {
          tags: ['messages'],
          body: messageIdsSchema,
          response: { 200: messagesChangedResponseSchema, ...failureResponses },
        },
      },
      async (request) => ok({ changed: await messages.delete(request.member.id, request.body.ids) }),
    );
    app.delete(
      '/member/messages/:id',
      {
        preHandler: requireMember,
        schema: {
          tags: ['messages'],
          params: messageParamsSchema,
          response: { 200: messagesChangedResponseSchema, ...failureResponses },
        },
      },
      async (request) => {
        const changed = await messages.delete(request.member.id, [request.params.id]);
        if (changed === 0) throw new AppError('NOT_FOUND');
        return ok({ changed });
      },
    );
  };
