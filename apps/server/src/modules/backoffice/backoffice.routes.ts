import {
  emptyResponseSchema,
  permissionCatalogueResponseSchema,
  staffCreateRequestSchema,
  staffCreateResponseSchema,
  staffIdParamsSchema,
  staffListResponseSchema,
  staffLoginRequestSchema,
  staffLoginResponseSchema,
  staffPasswordChangeRequestSchema,
  staffProfileResponseSchema,
  staffResetResponseSchema,
  staffRoleCreateRequestSchema,
  staffRoleIdParamsSchema,
  staffRoleListResponseSchema,
  staffRoleResponseSchema,
  staffRoleUpdateRequestSchema,
  staffUpdateRequestSchema,
  staffUpdateResponseSchema,
  staffVerifyRequestSchema,
  staffVerifyResponseSchema,
} from '@wps/contracts/backoffice';
import { permissionGroups } from '@wps/contracts/staff-permissions';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope';
import { failureResponses } from '../../http/route-schemas';
import { anyStaffMember, type StaffGuards, staffActorOf } from './backoffice.guard';
import type { BackofficeService } from './backoffice.service';
import { toStaffProfile } from './staff-profile';

const tags = ['backoffice: staff'];

/**
 * Staff sign-in (the two operator routes open to anyone: the password, then the second factor), the signed-in
 * staff member's own session and password, the admins' staff management and the brand's roles.
 */
export const backofficeRoutes =
  (backoffice: BackofficeService, { requireStaff, brandOf }: StaffGuards): FastifyPluginAsyncZod =>
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
      async (request) => {
        const brand = await brandOf(request);
        return ok(
          await backoffice.completeSignIn({
            challenge: request.body.challenge,
            code: request.body.code,
            ip: request.ip,
            brand,
          }),
        );
      },
    );

    await app.register(async (plugin) => {
      const session = plugin.withTypeProvider<ZodTypeProvider>();
      session.addHook('onRequest', requireStaff);

      session.get(
        '/session/me',
        {
          config: { permission: anyStaffMember },
          schema: {
            tags,
            description: 'Who is signed in, with their role and permissions in the brand the request names.',
            response: { 200: staffProfileResponseSchema, ...failureResponses },
          },
        },
        async (request) => ok(toStaffProfile(request.staff, request.staff)),
      );

      session.delete(
        '/session/logout',
        {
          config: { permission: anyStaffMember },
          schema: { tags, response: { 200: emptyResponseSchema, ...failureResponses } },
        },
        async (request) => {
          await backoffice.logout(request.staff, request.ip);
          return ok(null);
        },
      );

      session.post(
        '/session/password',
        {
          config: { permission: anyStaffMember },
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
      const config = { permission: 'staff.manage' } as const;

      admin.get(
        '/staff',
        {
          config,
          schema: {
            tags,
            description: 'Every staff member, each with their role in the brand the request names.',
            response: { 200: staffListResponseSchema, ...failureResponses },
          },
        },
        async (request) => ok(await backoffice.listStaff(request.staff.brandId)),
      );

      admin.post(
        '/staff',
        {
          config,
          schema: {
            tags,
            description:
              'A new staff member with a role in the brand the request names and a random temporary password (answered once); they change it and enrol two-factor at first sign-in.',
            body: staffCreateRequestSchema,
            response: { 200: staffCreateResponseSchema, ...failureResponses },
          },
        },
        async (request) =>
          ok(await backoffice.createStaff(staffActorOf(request), request.staff.brandId, request.body)),
      );

      admin.patch(
        '/staff/:id',
        {
          config,
          schema: {
            tags,
            description:
              'Changes name, active state, IP allow-list or role in the brand the request names (null: none). Nobody disables themselves or takes staff.manage from themselves, and no change leaves a brand nobody active who holds staff.manage.',
            params: staffIdParamsSchema,
            body: staffUpdateRequestSchema,
            response: { 200: staffUpdateResponseSchema, ...failureResponses },
          },
        },
        async (request) =>
          ok(
            await backoffice.updateStaff(
              staffActorOf(request),
              request.staff.brandId,
              request.params.id,
              request.body,
            ),
          ),
      );

      admin.post(
        '/staff/:id/reset',
        {
          config,
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

      admin.get(
        '/permissions',
        {
          config,
          schema: {
            tags,
            description: 'Every permission a role may hold, grouped as the roles editor shows them.',
            response: { 200: permissionCatalogueResponseSchema, ...failureResponses },
          },
        },
        async () =>
          ok(
            permissionGroups.map(({ key, label, permissions }) => ({
              key,
              label,
              permissions: permissions.map((permission) => ({ ...permission })),
            })),
          ),
      );

      admin.get(
        '/roles',
        {
          config,
          schema: {
            tags,
            description: "The brand's roles with their permissions and how many staff members hold each.",
            response: { 200: staffRoleListResponseSchema, ...failureResponses },
          },
        },
        async (request) => ok(await backoffice.listRoles(request.staff.brandId)),
      );

      admin.post(
        '/roles',
        {
          config,
          schema: {
            tags,
            description: 'A role of your own in the brand the request names; audited.',
            body: staffRoleCreateRequestSchema,
            response: { 200: staffRoleResponseSchema, ...failureResponses },
          },
        },
        async (request) =>
          ok(await backoffice.createRole(staffActorOf(request), request.staff.brandId, request.body)),
      );

      admin.patch(
        '/roles/:id',
        {
          config,
          schema: {
            tags,
            description:
              'Renames a role or replaces its permissions (presets too); audited with before and after. Refused when it would take staff.manage from your own role or leave the brand nobody active who holds it.',
            params: staffRoleIdParamsSchema,
            body: staffRoleUpdateRequestSchema,
            response: { 200: staffRoleResponseSchema, ...failureResponses },
          },
        },
        async (request) =>
          ok(
            await backoffice.updateRole(
              staffActorOf(request),
              request.staff.brandId,
              request.params.id,
              request.body,
            ),
          ),
      );

      admin.delete(
        '/roles/:id',
        {
          config,
          schema: {
            tags,
            description: 'Deletes a role of your own that nobody holds; preset roles stay.',
            params: staffRoleIdParamsSchema,
            response: { 200: emptyResponseSchema, ...failureResponses },
          },
        },
        async (request) => {
          await backoffice.deleteRole(staffActorOf(request), request.staff.brandId, request.params.id);
          return ok(null);
        },
      );
    });
  };
