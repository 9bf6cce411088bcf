import multipart from '@fastify/multipart';
import {
  adminGameParamsSchema,
  adminGameResponseSchema,
  adminGamesQuerySchema,
  adminGamesResponseSchema,
  adminGameUpdateSchema,
} from '@wps/contracts/games-admin';
import { staffUploadLimits } from '@wps/contracts/uploads';
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../http/app-error';
import { ok } from '../../http/envelope';
import { failureResponses } from '../../http/route-schemas';
import { type StaffGuards, staffActorOf } from '../backoffice/backoffice.guard';
import type { CatalogueAdminService } from './catalogue-admin.service';

const tags = ['backoffice: games'];
/** What players are offered in the lobby: the same permission as vendors. */
const change = { permission: 'games.manage' } as const;

/** The bytes of a multipart body's "file"; one over the size limit is UPLOAD_TOO_LARGE. */
const readImage = async (request: FastifyRequest, TooLarge: new () => Error): Promise<Buffer> => {
  const file = await request.file();
  if (!file) throw new AppError('VALIDATION_FAILED', { issues: [{ field: 'file', message: 'required' }] });
  try {
    return await file.toBuffer();
  } catch (error) {
    if (error instanceof TooLarge) throw new AppError('UPLOAD_TOO_LARGE');
    throw error;
  }
};

/**
 * The console's catalogue (under /wps/backoffice): every game paged with filters, a game's listing, and its
 * picture (multipart, field "file"; stored as an upload of the brand the request names).
 */
export const catalogueAdminRoutes =
  (
    catalogue: CatalogueAdminService,
    {
      requireStaff,
      requirePermission,
      requireBrand,
    }: Pick<StaffGuards, 'requireStaff' | 'requirePermission'> & { requireBrand: preHandlerAsyncHookHandler },
  ): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', requireStaff);
    app.addHook('onRoute', requirePermission('games.view'));

    app.get(
      '/games',
      {
        schema: {
          tags,
          description: 'Every game of the catalogue, enabled or not, by vendor and order.',
          querystring: adminGamesQuerySchema,
          response: { 200: adminGamesResponseSchema, ...failureResponses },
        },
      },
      async (request) => ok(await catalogue.list(request.query)),
    );

    app.patch(
      '/games/:id',
      {
        config: change,
        schema: {
          tags,
          description: 'Shows or hides a game, marks it HOT or NEW, or moves it in the lists (audited).',
          params: adminGameParamsSchema,
          body: adminGameUpdateSchema,
          response: { 200: adminGameResponseSchema, ...failureResponses },
        },
      },
      async (request) =>
        ok(await catalogue.update(staffActorOf(request), BigInt(request.params.id), request.body)),
    );

    app.delete(
      '/games/:id/image',
      {
        config: change,
        schema: {
          tags,
          description: "Drops the game's own picture: the lobby shows the platform's drawn one again.",
          params: adminGameParamsSchema,
          response: { 200: adminGameResponseSchema, ...failureResponses },
        },
      },
      async (request) => ok(await catalogue.clearImage(staffActorOf(request), BigInt(request.params.id))),
    );

    // In a plugin of its own: only the picture takes a multipart body.
    await app.register(async (plugin) => {
      const scope = plugin.withTypeProvider<ZodTypeProvider>();
      await scope.register(multipart, {
        limits: { fileSize: staffUploadLimits.maxBytes, files: 1, fields: 1, parts: 2 },
      });
      scope.put(
        '/games/:id/image',
        {
          config: change,
          preHandler: requireBrand,
          schema: {
            tags,
            description:
              "Uploads (png, jpg or webp) and shows the game's picture, small and large (audited).",
            consumes: ['multipart/form-data'],
            params: adminGameParamsSchema,
            response: { 200: adminGameResponseSchema, ...failureResponses },
          },
        },
        async (request) => {
          const data = await readImage(request, scope.multipartErrors.RequestFileTooLargeError);
          return ok(
            await catalogue.setImage(
              staffActorOf(request),
              { brandId: request.brand.id, staffId: BigInt(request.staff.id) },
              BigInt(request.params.id),
              data,
            ),
          );
        },
      );
    });
  };
