import { outboxQuerySchema, outboxResponseSchema } from '@wps/contracts/notifications';
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope';
import { failureResponses } from '../../http/route-schemas';
import type { StaffGuards } from '../backoffice/backoffice.guard';
import type { NotificationService } from './notifications.service';

/**
 * Admins read the development outbox of the brand the request names (x-merchant-code): what was "sent" to a
 * number or address while the brand has no real provider. It holds sign-in codes and reset links, so no other
 * role may read it, and a brand with a real provider has none.
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
        config: { permission: 'notifications.outbox' },
        schema: {
          tags: ['backoffice: notifications'],
          querystring: outboxQuerySchema,
          response: { 200: outboxResponseSchema, ...failureResponses },
        },
      },
      async (request) => {
        const { channel, recipient } = request.query;
        // One recipient's few (a test reading its code), or the newest 50 for the console's outbox page.
        const limit = recipient === undefined ? 50 : 20;
        const rows = await notifications.listOutboxMessages(request.brand, { channel, recipient }, limit);
        return ok({
          messages: rows.map((row) => ({
            id: row.id.toString(),
            channel: row.channel === 'email' ? 'email' : 'sms',
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
