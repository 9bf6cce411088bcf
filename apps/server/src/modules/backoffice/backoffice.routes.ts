import {
  emptyResponseSchema,
  staffLoginRequestSchema,
  staffLoginResponseSchema,
  staffProfileResponseSchema,
} from '@wps/contracts/backoffice';
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../http/app-error';
import { ok } from '../../http/envelope';
import { failureResponses } from '../../http/route-schemas';
import type { BackofficeService } from './backoffice.service';

const tags = ['backoffice: staff'];

export const backofficeRoutes =
  (backoffice: BackofficeService, requireStaff: preHandlerAsyncHookHandler): FastifyPluginAsyncZod =>
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

    app.get(
      '/session/me',
      {
        preHandler: requireStaff,
        schema: { tags, response: { 200: staffProfileResponseSchema, ...failureResponses } },
      },
      async (request) => {
        if (!request.staff) throw new AppError('UNAUTHORIZED');
        const { tokenHash: _tokenHash, ...profile } = request.staff;
        return ok(profile);
      },
    );

    app.delete(
      '/session/logout',
      {
        preHandler: requireStaff,
        schema: { tags, response: { 200: emptyResponseSchema, ...failureResponses } },
      },
      async (request) => {
        if (!request.staff) throw new AppError('UNAUTHORIZED');
        await backoffice.logout(request.staff, request.ip);
        return ok(null);
      },
    );
  };
