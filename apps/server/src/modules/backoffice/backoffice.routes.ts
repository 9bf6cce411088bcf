import {
  emptyResponseSchema,
  staffCreateRequestSchema,
  staffCreateResponseSchema,
  staffIdParamsSchema,
  staffListResponseSchema,
  staffLoginRequestSchema,
  staffLoginResponseSchema,
  staffPasswordChangeRequestSchema,
  staffProfileResponseSchema,
  staffResetResponseSchema,
  staffUpdateRequestSchema,
  staffUpdateResponseSchema,
  staffVerifyRequestSchema,
  staffVerifyResponseSchema,
} from '@wps/contracts/backoffice';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope';
import { failureResponses } from '../../http/route-schemas';
import { type StaffGuards, staffActorOf } from './backoffice.guard';
import type { BackofficeService } from './backoffice.service';

const tags = ['backoffice: staff'];

/**
 * Staff sign-in (the two operator routes open to anyone: the password, then the second factor), the signed-in
 * staff member's own session and password, and the admins' staff management.
 */
export const backofficeRoutes =
  (backoffice: BackofficeService, { requireStaff, requireRole }: StaffGuards): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/session/login',
      {
        schema: {
          tags,
          description:
            'The password step: answers a single-use challenge for the second factor (with a new TOTP secret and its QR code when the staff member must enrol). No session opens here.',
          body: staffLoginRequestSchema,
          response: { 200: staffLoginResponseSchema, ...failureResponses },
        },
      },
      async (request) =>
        ok(
          await backoffice.startSignIn({
            username: request.body.username,
            password: request.body.password,
            ip: request.ip,
          }),
        ),
    );

    app.post(
      '/session/verify',
      {
        schema: {
          tags,
          description:
            'The second factor: a TOTP code (or a recovery code) for the challenge; opens the session. Recovery codes are answered once, when this completes an enrolment.',
          body: staffVerifyRequestSchema,
          response: { 200: staffVerifyResponseSchema, ...failureResponses },
        },
      },
      async (request) =>
        ok(
          await backoffice.completeSignIn({
            challenge: request.body.challenge,
            code: request.body.code,
            ip: request.ip,
          }),
        ),
    );

    await app.register(async (plugin) => {
      const session = plugin.withTypeProvider<ZodTypeProvider>();
      session.addHook('onRequest', requireStaff);

      session.get(
        '/session/me',
        { schema: { tags, response: { 200: staffProfileResponseSchema, ...failureResponses } } },
        async (request) => {
          const { tokenHash: _tokenHash, allowedIps: _allowedIps, ...profile } = request.staff;
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

      session.post(
        '/session/password',
        {
          schema: {
            tags,
            description: "Changes the staff member's own password; their other sessions end.",
            body: staffPasswordChangeRequestSchema,
            response: { 200: emptyResponseSchema, ...failureResponses },
          },
        },
        async (request) => {
          await backoffice.changeOwnPassword(request.staff, { ...request.body, ip: request.ip });
          return ok(null);
        },
      );
    });

    await app.register(async (plugin) => {
      const admin = plugin.withTypeProvider<ZodTypeProvider>();
      admin.addHook('onRequest', requireStaff);
      admin.addHook('onRequest', requireRole(['admin']));

      admin.get(
        '/staff',
        { schema: { tags, response: { 200: staffListResponseSchema, ...failureResponses } } },
        async () => ok(await backoffice.listStaff()),
      );

      admin.post(
        '/staff',
        {
          schema: {
            tags,
            description:
              'A new staff member with a random temporary password (answered once); they change it and enrol two-factor at first sign-in.',
            body: staffCreateRequestSchema,
            response: { 200: staffCreateResponseSchema, ...failureResponses },
          },
        },
        async (request) => ok(await backoffice.createStaff(staffActorOf(request), request.body)),
      );

      admin.patch(
        '/staff/:id',
        {
          schema: {
            tags,
            description:
              'Changes name, role, active state or IP allow-list; an admin cannot disable or demote themselves.',
            params: staffIdParamsSchema,
            body: staffUpdateRequestSchema,
            response: { 200: staffUpdateResponseSchema, ...failureResponses },
          },
        },
        async (request) =>
          ok(await backoffice.updateStaff(staffActorOf(request), request.params.id, request.body)),
      );

      admin.post(
        '/staff/:id/reset',
        {
          schema: {
            tags,
            description:
              'A new temporary password (answered once), a forced change and a new two-factor enrolment; sessions end and any lock lifts.',
            params: staffIdParamsSchema,
            response: { 200: staffResetResponseSchema, ...failureResponses },
          },
        },
        async (request) => ok(await backoffice.resetStaff(staffActorOf(request), request.params.id)),
      );
    });
  };
