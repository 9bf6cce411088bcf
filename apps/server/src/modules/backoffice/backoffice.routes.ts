import {
  emptyResponseSchema,
  staffLoginRequestSchema,
  staffLoginResponseSchema,
  staffProfileResponseSchema,
} from '@wps/contracts/backoffice';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../http/app-error';
import { ok } from '../../http/envelope';
import { failureResponses } from '../../http/route-schemas';
import type { StaffGuards } from './backoffice.guard';
import type { BackofficeService } from './backoffice.service';

const tags = ['backoffice: staff'];

/** Staff sessions: the one operator route open to anyone (login), and the signed-in staff member's own. */
export const backofficeRoutes =
  (
    backoffice: BackofficeService,
    { requireStaff }: Pick<StaffGuards, 'requireStaff'>,
  ): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/session/login',
      {
        schema: {
          tags,
          body: staffLoginRequestSchema,
          response: { 200: staffLoginResponseSchema, ...failureResponses },
        },
      },
      async (request) => {
        const session = await backoffice.login(request.body.username, request.body.password, request.ip);
        if (!session) throw new AppError('UNAUTHORIZED', { message: 'Wrong username or password.' });
        return ok(session);
      },
    );

    await app.register(async (session) => {
      session.addHook('onRequest', requireStaff);

      session.get(
        '/session/me',
        { schema: { tags, response: { 200: staffProfileResponseSchema, ...failureResponses } } },
        async (request) => {
          const { tokenHash: _tokenHash, ...profile } = request.staff;
          return ok(profile);
        },
      );

      session.delete(
        '/session/logout',
        { schema: { tags, response: { 200: emptyResponseSchema, ...failureResponses } } },
        async (request) => {
          await backoffice.logout(request.staff, request.ip);
          return ok(null);
        },
      );
    });
  };
