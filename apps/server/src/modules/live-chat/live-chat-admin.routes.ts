import {
  cannedReplyListResponseSchema,
  cannedReplyParamsSchema,
  cannedReplyRequestSchema,
  cannedReplyResponseSchema,
  chatAssignRequestSchema,
  chatConversationParamsSchema,
  chatConversationResponseForStaffSchema,
  chatEmptyResponseSchema,
  chatMessageRequestSchema,
  chatMessageResponseSchema,
  chatQueueQuerySchema,
  chatQueueResponseSchema,
  chatReadRequestSchema,
  chatReadResponseSchema,
  chatTranscriptQuerySchema,
  chatTranscriptResponseSchema,
} from '@wps/contracts/live-chat';
import multipart from '@fastify/multipart';
import { uploadLimits, uploadParamsSchema, uploadResponseSchema } from '@wps/contracts/uploads';
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope';
import { eventStreams } from '../../http/event-streams';
import { failureResponses } from '../../http/route-schemas';
import { type StaffGuards, staffActorOf } from '../backoffice/backoffice.guard';
import { readUploadedFile, sendImage } from '../../http/uploaded-file';
import type { LiveChatService, StaffChatEvent } from './live-chat.service';

const tags = ['backoffice: live chat'];
const view = { permission: 'chat.view' } as const;
const reply = { permission: 'chat.reply' } as const;
const manage = { permission: 'chat.manage' } as const;

/** An event-stream frame: `queue`, or `conversation:<id>` with what changed. */
const frameOf = (event: StaffChatEvent): string =>
  event.type === 'queue'
    ? 'event: queue\ndata: {}\n\n'
    : `event: conversation:${event.conversationId}\ndata: ${JSON.stringify({ change: event.change })}\n\n`;

/**
 * The console's live chat under /wps/backoffice/chat, in the brand the request names: the queue and transcripts
 * (chat.view), answering, assigning and closing (chat.reply), canned replies (chat.reply to use, chat.manage to
 * keep), and the staff's event stream of the brand's conversations.
 */
export const liveChatAdminRoutes =
  (
    chat: LiveChatService,
    {
      requireStaff,
      requireBrand,
    }: Pick<StaffGuards, 'requireStaff'> & { requireBrand: preHandlerAsyncHookHandler },
  ): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', requireStaff);
    app.addHook('preHandler', requireBrand);
    const streams = eventStreams(app);
    const idOf = (request: { params: { id: string } }) => BigInt(request.params.id);

    app.get('/chat/events', { config: view, schema: { tags } }, async (request, reply) => {
      const brandId = request.brand.id;
      await streams(request, reply, (write) => ({
        frame: ': connected\n\n',
        unsubscribe: chat.events.subscribe(brandId, (event) => {
          write(frameOf(event));
        }),
      }));
    });

    app.get(
      '/chat/conversations',
      {
        config: view,
        schema: {
          tags,
          querystring: chatQueueQuerySchema,
          response: { 200: chatQueueResponseSchema, ...failureResponses },
        },
      },
      async (request) =>
        ok(await chat.staff.queue(request.brand.id, BigInt(request.staff.id), request.query)),
    );

    app.get(
      '/chat/conversations/:id',
      {
        config: view,
        schema: {
          tags,
          params: chatConversationParamsSchema,
          querystring: chatTranscriptQuerySchema,
          response: { 200: chatTranscriptResponseSchema, ...failureResponses },
        },
      },
      async (request) => ok(await chat.staff.transcript(request.brand.id, idOf(request), request.query)),
    );

    app.post(
      '/chat/conversations/:id/assign',
      {
        config: reply,
        schema: {
          tags,
          params: chatConversationParamsSchema,
          body: chatAssignRequestSchema,
          response: { 200: chatConversationResponseForStaffSchema, ...failureResponses },
        },
      },
      async (request) =>
        ok(
          await chat.staff.assign(
            staffActorOf(request),
            request.brand.id,
            idOf(request),
            request.body.staffId === undefined ? undefined : BigInt(request.body.staffId),
          ),
        ),
    );

    app.post(
      '/chat/conversations/:id/messages',
      {
        config: reply,
        schema: {
          tags,
          params: chatConversationParamsSchema,
          body: chatMessageRequestSchema,
          response: { 200: chatMessageResponseSchema, ...failureResponses },
        },
      },
      async (request) =>
        ok(await chat.staff.reply(staffActorOf(request), request.brand.id, idOf(request), request.body)),
    );

    app.get(
      '/chat/images/:id',
      { config: view, schema: { tags, params: uploadParamsSchema } },
      async (request, reply) => {
        return sendImage(reply, await chat.staff.image(request.brand.id, request.params.id));
      },
    );

    // In a scope of its own: only the image upload takes multipart bodies.
    await app.register(async (scope) => {
      await scope.register(multipart, {
        limits: { fileSize: uploadLimits.maxBytes, files: 1, fields: 2, parts: 3 },
      });
      scope.post(
        '/chat/images',
        {
          config: reply,
          schema: {
            tags,
            consumes: ['multipart/form-data'],
            response: { 200: uploadResponseSchema, ...failureResponses },
          },
        },
        async (request: FastifyRequest) => {
          const { bytes } = await readUploadedFile(request, scope.multipartErrors.RequestFileTooLargeError);
          return ok(await chat.staff.upload(request.brand.id, BigInt(request.staff.id), bytes));
        },
      );
    });

    app.post(
      '/chat/conversations/:id/read',
      {
        config: view,
        schema: {
          tags,
          params: chatConversationParamsSchema,
          body: chatReadRequestSchema,
          response: { 200: chatReadResponseSchema, ...failureResponses },
        },
      },
      async (request) => ok(await chat.staff.read(request.brand.id, idOf(request), request.body.messageId)),
    );

    app.post(
      '/chat/conversations/:id/typing',
      {
        config: reply,
        schema: {
          tags,
          params: chatConversationParamsSchema,
          response: { 200: chatEmptyResponseSchema, ...failureResponses },
        },
      },
      async (request) => ok(await chat.staff.typing(request.brand.id, idOf(request))),
    );

    app.post(
      '/chat/conversations/:id/close',
      {
        config: reply,
        schema: {
          tags,
          params: chatConversationParamsSchema,
          response: { 200: chatConversationResponseForStaffSchema, ...failureResponses },
        },
      },
      async (request) => ok(await chat.staff.close(staffActorOf(request), request.brand.id, idOf(request))),
    );

    app.get(
      '/chat/canned-replies',
      {
        config: reply,
        schema: { tags, response: { 200: cannedReplyListResponseSchema, ...failureResponses } },
      },
      async (request) => ok(await chat.cannedReplies.list(request.brand.id)),
    );

    app.post(
      '/chat/canned-replies',
      {
        config: manage,
        schema: {
          tags,
          body: cannedReplyRequestSchema,
          response: { 200: cannedReplyResponseSchema, ...failureResponses },
        },
      },
      async (request) =>
        ok(await chat.cannedReplies.create(staffActorOf(request), request.brand.id, request.body)),
    );

    app.delete(
      '/chat/canned-replies/:id',
      {
        config: manage,
        schema: {
          tags,
          params: cannedReplyParamsSchema,
          response: { 200: chatEmptyResponseSchema, ...failureResponses },
        },
      },
      async (request) =>
        ok(
          await chat.cannedReplies.delete(staffActorOf(request), request.brand.id, BigInt(request.params.id)),
        ),
    );
  };
