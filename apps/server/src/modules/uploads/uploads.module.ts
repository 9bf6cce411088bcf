import { apiPrefix, defineModule, operatorApiPrefix } from '../../platform';
import { createAvatars } from './avatars';
import { avatarRoutes } from './avatars.routes';
import { createBrandLogos } from './brand-logos';
import { brandLogoAdminRoutes, brandLogoRoutes } from './brand-logos.routes';
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
 * Files members upload (proofs, feedback images, their avatar) and staff upload (promotion pictures, the brand's
 * logo), within per-owner bounds; orphans (a replaced avatar or logo among them) are purged hourly.
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
    const brandLogos = createBrandLogos({ db: database.db, uploads, site: app.site.site });
    // A brand's current logo is kept by the purge; the one it replaced is not.
    uploads.registerReferences('brand-logos', app.site.site.findReferencedLogoUploads);
    await app.register(uploadRoutes(uploads, app.auth.requireMember), { prefix: apiPrefix });
    await app.register(brandLogoRoutes(brandLogos), { prefix: apiPrefix });
    await app.register(avatarRoutes(avatars, app.auth.requireRealMember), { prefix: apiPrefix });
    await app.register(
      brandLogoAdminRoutes(brandLogos, { ...app.backoffice, requireBrand: app.site.requireBrand }),
      { prefix: operatorApiPrefix },
    );
    await app.register(
      uploadAdminRoutes(uploads, { ...app.backoffice, requireBrand: app.site.requireBrand }),
      {
        prefix: operatorApiPrefix,
      },
    );
  },
);
