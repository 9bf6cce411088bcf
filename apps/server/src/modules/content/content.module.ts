import { apiPrefix, defineModule, operatorApiPrefix } from '../../platform';
import { createBannerImages } from './banner-images';
import { contentAdminRoutes } from './content-admin.routes';
import { contentRoutes } from './content.routes';
import { type ContentService, createContentService } from './content.service';

export type ContentModule = { content: ContentService };

declare module 'fastify' {
  interface FastifyInstance {
    content: ContentModule;
  }
}

/** Banners (and the pictures operators upload for them), announcements, notices and help articles. */
export const contentModule = defineModule('content', ['site', 'backoffice', 'uploads'], async (app) => {
  const { db } = app.platform.database;
  const content = createContentService({ db });
  const bannerImages = createBannerImages({ db, uploads: app.uploads.uploads });
  app.uploads.uploads.registerReferences('content-banners', bannerImages.findReferencedUploads);
  app.decorate('content', { content });
  await app.register(contentRoutes({ content, bannerImages, requireBrand: app.site.requireBrand }), {
    prefix: apiPrefix,
  });
  await app.register(
    contentAdminRoutes({ content, ...app.backoffice, requireBrand: app.site.requireBrand }),
    {
      prefix: operatorApiPrefix,
    },
  );
});
