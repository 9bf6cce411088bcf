import multipart from '@fastify/multipart';
import {
  staffUploadLimits,
  staffUploadPurposeSchema,
  uploadLimits,
  uploadParamsSchema,
  uploadPurposeSchema,
  uploadResponseSchema,
} from '@wps/contracts/uploads';
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../http/app-error';
import { ok } from '../../http/envelope';
import { failureResponses } from '../../http/route-schemas';
import type { StaffGuards } from '../backoffice/backoffice.guard';
import { readUploadedFile, sendImage } from '../../http/uploaded-file';
import type { UploadService } from './uploads.service';

/** Member uploads (multipart, field "file") and reading them back. */
export const uploadRoutes =
  (uploads: UploadService, requireMember: preHandlerAsyncHookHandler): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(multipart, {
      limits: { fileSize: uploadLimits.maxBytes, files: 1, fields: 2, parts: 3 },
    });
    app.post(
      '/member/uploads',
      {
        preHandler: requireMember,
        schema: {
          tags: ['uploads'],
          consumes: ['multipart/form-data'],
          response: { 200: uploadResponseSchema, ...failureResponses },
        },
      },
      async (request) => {
        const { member } = request;
        const data = await readUploadedFile(request, app.multipartErrors.RequestFileTooLargeError);
        const purpose = uploadPurposeSchema.safeParse(data.purpose ?? 'deposit_proof');
        if (!purpose.success) {
          throw new AppError('VALIDATION_FAILED', { issues: [{ field: 'purpose', message: 'invalid' }] });
        }
        return ok(
          await uploads.store({ brandId: member.brandId, memberId: member.id }, purpose.data, data.bytes),
        );
      },
    );
    app.get(
      '/member/uploads/:id',
      {
        preHandler: requireMember,
        schema: { tags: ['uploads'], params: uploadParamsSchema },
      },
      async (request, reply) => {
        const { member } = request;
        return sendImage(
          reply,
          await uploads.read(request.params.id, {
            brandId: member.brandId,
            memberId: member.id,
          }),
        );
      },
    );
  };

/**
 * Staff read any upload (the proof behind a deposit or a dispute), and upload a promotion's picture (multipart,
 * field "file") for the brand the request names (x-merchant-code); the answer's id goes in the promotion.
 */
export const uploadAdminRoutes =
  (
    uploads: UploadService,
    {
      requireStaff,
      requireBrand,
    }: Pick<StaffGuards, 'requireStaff'> & { requireBrand: preHandlerAsyncHookHandler },
  ): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', requireStaff);

    // In a plugin of its own: only the upload takes multipart bodies and needs the brand.
    await app.register(async (scope) => {
      await scope.register(multipart, {
        limits: { fileSize: staffUploadLimits.maxBytes, files: 1, fields: 2, parts: 3 },
      });
      scope.post(
        '/uploads',
        {
          // Those who may change promotions, since the picture is only put to use by saving a promotion.
          config: { permission: 'promotions.manage' },
          preHandler: requireBrand,
          schema: {
            tags: ['backoffice: uploads'],
            consumes: ['multipart/form-data'],
            response: { 200: uploadResponseSchema, ...failureResponses },
          },
        },
        async (request: FastifyRequest) => {
          const data = await readUploadedFile(request, scope.multipartErrors.RequestFileTooLargeError);
          const purpose = staffUploadPurposeSchema.safeParse(data.purpose ?? 'promotion_image');
          if (!purpose.success) {
            throw new AppError('VALIDATION_FAILED', { issues: [{ field: 'purpose', message: 'invalid' }] });
          }
          return ok(
            await uploads.store(
              { brandId: request.brand.id, staffId: BigInt(request.staff.id) },
              purpose.data,
              data.bytes,
            ),
          );
        },
      );
    });

    app.get(
      '/uploads/:id',
      {
        config: { permission: 'uploads.view' },
        schema: { tags: ['backoffice: uploads'], params: uploadParamsSchema },
      },
      async (request, reply) => {
        return sendImage(reply, await uploads.read(request.params.id));
      },
    );
  };
