import { apiPrefix, defineModule, operatorApiPrefix } from '../../platform';
import { createAvatars } from './avatars';
import { avatarRoutes } from './avatars.routes';
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
 * Files members upload (proofs, feedback images, their avatar) and staff upload (promotion pictures), within
 * per-owner bounds; orphans (a replaced avatar among them) are purged hourly.
 */
export const uploadsModule = defineModule(
  'uploads',
  ['auth', 'backoffice', 'site', 'members'],
  async (app) => {
    const { config, database, scheduler } = app.platform;
    const uploads = createUploadService({ db: database.db, directory: config.UPLOADS_DIR });
    scheduler.every(orphanUploadJobName, orphanPurgeIntervalMs, async () => {
      await uploads.purgeOrphans();
    });
    app.decorate('uploads', { uploads });
    const avatars = createAvatars({ db: database.db, uploads, members: app.members.members });
    // A member's current avatar is kept by the purge; the one it replaced is not.
    uploads.registerReferences('avatars', avatars.findReferencedUploads);
    await app.register(uploadRoutes(uploads, app.auth.requireMember), { prefix: apiPrefix });
    await app.register(avatarRoutes(avatars, app.auth.requireRealMember), { prefix: apiPrefix });
    await app.register(
      uploadAdminRoutes(uploads, { ...app.backoffice, requireBrand: app.site.requireBrand }),
      {
        prefix: operatorApiPrefix,
      },
    );
  },
);
