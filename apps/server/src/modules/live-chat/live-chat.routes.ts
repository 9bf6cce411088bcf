import {
  chatConversationResponseSchema,
  chatEmptyResponseSchema,
  chatMessageRequestSchema,
  chatMessageResponseSchema,
  chatOpenResponseSchema,
  chatReadRequestSchema,
  chatReadResponseSchema,
  chatTranscriptQuerySchema,
} from '@wps/contracts/live-chat';
import { uploadParamsSchema } from '@wps/contracts/uploads';
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope';
import { failureResponses } from '../../http/route-schemas';
import { sendImage } from '../../http/uploaded-file';
import type { LiveChatService } from './live-chat.service';

const tags = ['live chat'];

/**
 * The member's side of the live chat under /wps/chat. Reading needs a session; writing a real member (free-play
 * accounts may not). The site refetches the conversation on the `chat` signal of the member's event stream.
 */
export const liveChatRoutes =
  (
    chat: LiveChatService,
    {
      requireMember,
      requireRealMember,
    }: { requireMember: preHandlerAsyncHookHandler; requireRealMember: preHandlerAsyncHookHandler },
  ): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/chat/conversation',
      {
        preHandler: requireRealMember,
        schema: { tags, response: { 200: chatOpenResponseSchema, ...failureResponses } },
      },
      async (request) => ok(await chat.member.open(request.member)),
    );
    app.get(
      '/chat/conversation',
      {
        preHandler: requireMember,
        schema: {
          tags,
          querystring: chatTranscriptQuerySchema,
          response: { 200: chatConversationResponseSchema, ...failureResponses },
        },
      },
      async (request) => ok(await chat.member.current(request.member, request.query)),
    );
    app.post(
      '/chat/messages',
      {
        preHandler: requireRealMember,
        schema: {
          tags,
          body: chatMessageRequestSchema,
          response: { 200: chatMessageResponseSchema, ...failureResponses },
        },
      },
      async (request) => ok(await chat.member.post(request.member, request.body)),
    );
    app.get(
      '/chat/images/:id',
      { preHandler: requireMember, schema: { tags, params: uploadParamsSchema } },
      async (request, reply) => {
        return sendImage(reply, await chat.member.image(request.member, request.params.id));
      },
    );
    app.post(
      '/chat/read',
      {
        preHandler: requireRealMember,
        schema: {
          tags,
          body: chatReadRequestSchema,
          response: { 200: chatReadResponseSchema, ...failureResponses },
        },
      },
      async (request) => ok(await chat.member.read(request.member, request.body.messageId)),
    );
    app.post(
      '/chat/typing',
      {
        preHandler: requireRealMember,
        schema: { tags, response: { 200: chatEmptyResponseSchema, ...failureResponses } },
      },
      async (request) => ok(await chat.member.typing(request.member)),
    );
  };
