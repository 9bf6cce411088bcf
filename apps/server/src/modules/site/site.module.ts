import type { FastifyRequest } from 'fastify';
import { apiPrefix, defineModule, operatorApiPrefix } from '../../platform';
import { brandAdminRoutes } from './brand-admin.routes';
import { siteAdminRoutes } from './site-admin.routes';
import { liveChatRoutes, pingRoutes } from './site-tools.routes';
import { createBrandGuard, decorateBrandContext } from './site.guard';
import { siteRoutes } from './site.routes';
import { createSiteService, type SiteService } from './site.service';

export type SiteModule = {
  site: SiteService;
  /** Resolves the brand the request selects into `request.brand` (see site.guard.ts). */
  requireBrand: ReturnType<typeof createBrandGuard>;
  /** The same for callers that name the merchant elsewhere than the header (a gateway's notify URL). */
  requireBrandNamedBy: (
    merchantOf: (request: FastifyRequest) => string | undefined,
  ) => ReturnType<typeof createBrandGuard>;
};

declare module 'fastify' {
  interface FastifyInstance {
    site: SiteModule;
  }
}

/** Brands, their site configuration and the brand every request is answered for. */
export const siteModule = defineModule('site', ['backoffice'], async (app) => {
  const { config, database } = app.platform;
  const site = createSiteService({
    db: database.db,
    defaultMerchant: config.DEFAULT_MERCHANT,
    publicUrl: config.PUBLIC_URL ?? null,
    staffRoles: app.backoffice.backoffice,
  });
  const requireBrand = createBrandGuard(site);
  decorateBrandContext(app);
  app.decorate('site', {
    site,
    requireBrand,
    requireBrandNamedBy: (merchantOf) => createBrandGuard(site, merchantOf),
  });
  // Staff roles are per brand: the staff guard reads permissions for the brand this lookup names.
  app.backoffice.resolveBrandsWith(async (request) => {
    await requireBrand(request);
    return { id: request.brand.id, isPlatform: request.brand.merchantCode === config.DEFAULT_MERCHANT };
  });
  await app.register(siteRoutes(site), { prefix: apiPrefix });
  await app.register(liveChatRoutes(site), { prefix: apiPrefix });
  await app.register(siteAdminRoutes(site, { ...app.backoffice, requireBrand }), {
    prefix: operatorApiPrefix,
  });
  await app.register(brandAdminRoutes(site, { ...app.backoffice, requireBrand }), {
    prefix: operatorApiPrefix,
  });
  await app.register(pingRoutes);
});
