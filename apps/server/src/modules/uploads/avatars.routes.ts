import multipart from '@fastify/multipart';
import { avatarResponseSchema } from '@wps/contracts/member-account';
import { uploadLimits, uploadParamsSchema } from '@wps/contracts/uploads';
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope';
import { failureResponses } from '../../http/route-schemas';
import type { Avatars } from './avatars';
import { readUploadedFile } from '../../http/uploaded-file';

const tags = ['uploads'];

/** A year: an avatar's address changes with its image, so a cached copy is never stale. */
const avatarCacheControl = 'public, max-age=31536000, immutable';

/**
 * The member's avatar (multipart, field "file"), and the avatars' public addresses, which the site's `<img>`
 * loads without the session token.
 */
export const avatarRoutes =
  (avatars: Avatars, requireRealMember: preHandlerAsyncHookHandler): FastifyPluginAsyncZod =>
  async (app) => {
    // In a scope of its own: only the upload takes multipart bodies.
    await app.register(async (scope) => {
      await scope.register(multipart, {
        limits: { fileSize: uploadLimits.maxBytes, files: 1, fields: 2, parts: 3 },
      });
      scope.post(
        '/member/account/avatar',
        {
          preHandler: requireRealMember,
          schema: {
            tags,
            consumes: ['multipart/form-data'],
            response: { 200: avatarResponseSchema, ...failureResponses },
          },
        },
        async (request: FastifyRequest) => {
          const { bytes } = await readUploadedFile(request, scope.multipartErrors.RequestFileTooLargeError);
          const { ip, userAgent } = request.visitor;
          return ok(await avatars.change(request.member, { ip, userAgent }, bytes));
        },
      );
    });

    app.get('/avatars/:id', { schema: { tags, params: uploadParamsSchema } }, async (request, reply) => {
      const { row, data } = await avatars.read(request.params.id);
      return reply
        .header('content-type', row.contentType)
        .header('cache-control', avatarCacheControl)
        .header('content-disposition', 'inline')
        .send(data);
    });
  };
