import { outboxQuerySchema, outboxResponseSchema } from '@wps/contracts/notifications';
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope';
import { failureResponses } from '../../http/route-schemas';
import type { SiteService } from '../site/site.service';
import type { NotificationService } from './notifications.service';

/** Staff read what was sent to a number or address: the development outbox, and delivery failures. */
export const notificationsAdminRoutes =
  (
    notifications: NotificationService,
    site: SiteService,
    requireStaff: preHandlerAsyncHookHandler,
  ): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/outbox',
      {
        preHandler: requireStaff,
        schema: {
          tags: ['backoffice: notifications'],
          querystring: outboxQuerySchema,
          response: { 200: outboxResponseSchema, ...failureResponses },
        },
      },
      async (request) => {
        const { merchantCode, channel, recipient } = request.query;
        const brand = await site.resolveBrand({ merchantCode, host: '', ip: request.ip });
        const rows = await notifications.listMessages(brand.id, channel, recipient);
        return ok({
          messages: rows.map((row) => ({
            id: row.id.toString(),
            channel,
            recipient: row.recipient,
            subject: row.subject,
            body: row.body,
            provider: row.provider,
            status: row.status,
            createdAt: row.createdAt.toISOString(),
          })),
        });
      },
    );
  };
