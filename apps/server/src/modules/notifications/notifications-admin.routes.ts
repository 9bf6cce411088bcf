import { outboxQuerySchema, outboxResponseSchema } from '@wps/contracts/notifications';
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope';
import { failureResponses } from '../../http/route-schemas';
import type { StaffGuards } from '../backoffice/backoffice.guard';
import type { NotificationService } from './notifications.service';

/**
 * Staff read what was sent to a number or address of the brand the request names (x-merchant-code): the
 * development outbox, and delivery failures.
 */
export const notificationsAdminRoutes =
  (
    notifications: NotificationService,
    {
      requireStaff,
      requireBrand,
    }: Pick<StaffGuards, 'requireStaff'> & { requireBrand: preHandlerAsyncHookHandler },
  ): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', requireStaff);
    app.addHook('preHandler', requireBrand);

    app.get(
      '/outbox',
      {
        schema: {
          tags: ['backoffice: notifications'],
          querystring: outboxQuerySchema,
          response: { 200: outboxResponseSchema, ...failureResponses },
        },
      },
      async (request) => {
        const { channel, recipient } = request.query;
        const rows = await notifications.listMessages(request.brand.id, channel, recipient);
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
