import { apiPrefix, defineModule, operatorApiPrefix } from '../../platform';
import { contentAdminRoutes } from './content-admin.routes';
import { contentRoutes } from './content.routes';
import { type ContentService, createContentService } from './content.service';

export type ContentModule = { content: ContentService };

declare module 'fastify' {
  interface FastifyInstance {
    content: ContentModule;
  }
}

/** Banners, announcements, notices and help articles. */
export const contentModule = defineModule('content', ['site', 'backoffice'], async (app) => {
  const content = createContentService({ db: app.platform.database.db });
  app.decorate('content', { content });
  await app.register(contentRoutes({ content, requireBrand: app.site.requireBrand }), { prefix: apiPrefix });
  await app.register(
    contentAdminRoutes({ content, ...app.backoffice, requireBrand: app.site.requireBrand }),
    {
      prefix: operatorApiPrefix,
    },
  );
});
