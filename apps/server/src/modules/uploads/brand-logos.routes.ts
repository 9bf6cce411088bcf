import multipart from '@fastify/multipart';
import { siteSettingsResponseSchema } from '@wps/contracts/site-admin';
import { staffUploadLimits, uploadParamsSchema } from '@wps/contracts/uploads';
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope';
import { failureResponses } from '../../http/route-schemas';
import { readUploadedFile } from '../../http/uploaded-file';
import { type StaffGuards, staffActorOf } from '../backoffice/backoffice.guard';
import type { BrandLogos } from './brand-logos';

const tags = ['backoffice: site'];
/** The brand's look is site configuration, like its colours and fonts. */
const change = { permission: 'site.manage' } as const;

/** A year: a logo's address changes with its image, so a cached copy is never stale. */
const logoCacheControl = 'public, max-age=31536000, immutable';

/**
 * The operator's logo for the brand the request names: uploaded (multipart, field "file") or removed; both
 * answer the site settings as after the change.
 */
export const brandLogoAdminRoutes =
  (
    logos: BrandLogos,
    {
      requireStaff,
      requireBrand,
    }: Pick<StaffGuards, 'requireStaff'> & { requireBrand: preHandlerAsyncHookHandler },
  ): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', requireStaff);
    app.addHook('preHandler', requireBrand);

    app.delete(
      '/site/logo',
      {
        config: change,
        schema: {
          tags,
          description: "Removes the brand's logo: the site shows its name as text again (audited).",
          response: { 200: siteSettingsResponseSchema, ...failureResponses },
        },
      },
      async (request) => ok(await logos.remove(staffActorOf(request), request.brand)),
    );

    // In a scope of its own: only the upload takes multipart bodies.
    await app.register(async (scope) => {
      await scope.register(multipart, {
        limits: { fileSize: staffUploadLimits.maxBytes, files: 1, fields: 1, parts: 2 },
      });
      scope.put(
        '/site/logo',
        {
          config: change,
          schema: {
            tags,
            description:
              "Uploads (png, jpg or webp) and shows the brand's logo in its site's header (audited).",
            consumes: ['multipart/form-data'],
            response: { 200: siteSettingsResponseSchema, ...failureResponses },
          },
        },
        async (request: FastifyRequest) => {
          const { bytes } = await readUploadedFile(request, scope.multipartErrors.RequestFileTooLargeError);
          return ok(
            await logos.change(staffActorOf(request), request.brand, BigInt(request.staff.id), bytes),
          );
        },
      );
    });
  };

/** The brand's logo at its public address (`brandLogoPath`), which the site's `<img>` loads without a token. */
export const brandLogoRoutes =
  (logos: BrandLogos): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/site/logo/:id',
      { schema: { tags: ['site'], params: uploadParamsSchema } },
      async (request, reply) => {
        const { row, data } = await logos.read(request.params.id);
        return reply
          .header('content-type', row.contentType)
          .header('cache-control', logoCacheControl)
          .header('content-disposition', 'inline')
          .send(data);
      },
    );
  };
