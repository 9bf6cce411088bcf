import {
  feedbackBodySchema,
  feedbackListQuerySchema,
  feedbackListResponseSchema,
  feedbackResponseSchema,
  feedbackSettingResponseSchema,
} from '@wps/contracts/feedback';
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope';
import { failureResponses } from '../../http/route-schemas';
import type { StaffGuards } from '../backoffice/backoffice.guard';
import type { FeedbackService } from './feedback.service';

const tags = ['feedback'];

/** The spec's `PUT /feedback`, and the bounds the site's form checks before sending. */
export const feedbackRoutes =
  (feedback: FeedbackService, requireRealMember: preHandlerAsyncHookHandler): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/feedback/setting',
      { schema: { tags, response: { 200: feedbackSettingResponseSchema, ...failureResponses } } },
      async (request) => ok(await feedback.getSetting(request.visitor)),
    );
    app.put(
      '/feedback',
      {
        preHandler: requireRealMember,
        schema: {
          tags,
          body: feedbackBodySchema,
          response: { 200: feedbackResponseSchema, ...failureResponses },
        },
      },
      async (request) => ok(await feedback.submit(request.visitor, request.member, request.body)),
    );
  };

/** Staff read the feedback members sent, newest first. */
export const feedbackAdminRoutes =
  (feedback: FeedbackService, { requireStaff }: Pick<StaffGuards, 'requireStaff'>): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', requireStaff);

    app.get(
      '/feedback',
      {
        config: { permission: 'feedback.view' },
        schema: {
          tags: ['backoffice: feedback'],
          querystring: feedbackListQuerySchema,
          response: { 200: feedbackListResponseSchema, ...failureResponses },
        },
      },
      async (request) => ok(await feedback.list(request.query)),
    );
  };
