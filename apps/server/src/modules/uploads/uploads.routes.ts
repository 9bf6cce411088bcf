import multipart from '@fastify/multipart';
import {
  uploadLimits,
  uploadParamsSchema,
  uploadPurposeSchema,
  uploadResponseSchema,
} from '@wps/contracts/uploads';
import type { FastifyReply, preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../http/app-error';
import { ok } from '../../http/envelope';
import { failureResponses } from '../../http/route-schemas';
import type { StaffGuards } from '../backoffice/backoffice.guard';
import type { UploadRow, UploadService } from './uploads.service';

const sendImage = (reply: FastifyReply, row: UploadRow, data: Buffer) =>
  reply
    .header('content-type', row.contentType)
    .header('cache-control', 'private, no-store')
    .header('content-disposition', 'inline')
    .send(data);

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
        const file = await request.file();
        if (!file)
          throw new AppError('VALIDATION_FAILED', { issues: [{ field: 'file', message: 'required' }] });
        let data: Buffer;
        try {
          data = await file.toBuffer();
        } catch (error) {
          if (error instanceof app.multipartErrors.RequestFileTooLargeError) {
            throw new AppError('UPLOAD_TOO_LARGE');
          }
          throw error;
        }
        const purposeField = file.fields.purpose;
        const purposeValue =
          purposeField && !Array.isArray(purposeField) && purposeField.type === 'field'
            ? purposeField.value
            : 'deposit_proof';
        const purpose = uploadPurposeSchema.safeParse(purposeValue);
        if (!purpose.success) {
          throw new AppError('VALIDATION_FAILED', { issues: [{ field: 'purpose', message: 'invalid' }] });
        }
        return ok(await uploads.store({ brandId: member.brandId, memberId: member.id }, purpose.data, data));
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
        const { row, data } = await uploads.read(request.params.id, {
          brandId: member.brandId,
          memberId: member.id,
        });
        return sendImage(reply, row, data);
      },
    );
  };

/** Staff read any upload (the proof behind a deposit or a dispute). */
export const uploadAdminRoutes =
  (uploads: UploadService, { requireStaff }: Pick<StaffGuards, 'requireStaff'>): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', requireStaff);

    app.get(
      '/uploads/:id',
      { schema: { tags: ['backoffice: uploads'], params: uploadParamsSchema } },
      async (request, reply) => {
        const { row, data } = await uploads.read(request.params.id);
        return sendImage(reply, row, data);
      },
    );
  };
