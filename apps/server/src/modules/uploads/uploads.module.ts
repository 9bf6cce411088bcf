import { apiPrefix, defineModule, operatorApiPrefix } from '../../platform';
import { uploadAdminRoutes, uploadRoutes } from './uploads.routes';
import { createUploadService, orphanUploadJobName, type UploadService } from './uploads.service';

/** How often uploads nothing refers to are looked for (they go a day after they were made). */
const orphanPurgeIntervalMs = 60 * 60 * 1000;

export type UploadsModule = { uploads: UploadService };

declare module 'fastify' {
  interface FastifyInstance {
    uploads: UploadsModule;
  }
}

/**
 * Files members upload (proofs, feedback images) and staff upload (promotion pictures), within per-owner
 * bounds; orphans are purged hourly.
 */
export const uploadsModule = defineModule('uploads', ['auth', 'backoffice', 'site'], async (app) => {
  const { config, database, scheduler } = app.platform;
  const uploads = createUploadService({ db: database.db, directory: config.UPLOADS_DIR });
  scheduler.every(orphanUploadJobName, orphanPurgeIntervalMs, async () => {
    await uploads.purgeOrphans();
  });
  app.decorate('uploads', { uploads });
  await app.register(uploadRoutes(uploads, app.auth.requireMember), { prefix: apiPrefix });
  await app.register(uploadAdminRoutes(uploads, { ...app.backoffice, requireBrand: app.site.requireBrand }), {
    prefix: operatorApiPrefix,
  });
});
