import { defineModule, operatorApiPrefix } from '../../platform';
import {
  type BrandOfRequest,
  createStaffGuards,
  decorateStaffContext,
  type StaffGuards,
} from './backoffice.guard';
import { backofficeRoutes } from './backoffice.routes';
import { type BackofficeService, createBackofficeService } from './backoffice.service';

export type BackofficeModule = StaffGuards & {
  backoffice: BackofficeService;
  /**
   * How the staff guard learns the brand a request names. Brands are the site module's, which is built on this
   * one (its operator routes use the staff guard), so it hands its brand lookup over when it registers.
   */
  resolveBrandsWith: (brandOf: BrandOfRequest) => void;
};

declare module 'fastify' {
  interface FastifyInstance {
    backoffice: BackofficeModule;
  }
}

/** Staff accounts, their sessions and roles; every operator route's guard comes from here. */
export const backofficeModule = defineModule('backoffice', [], async (app) => {
  const backoffice = createBackofficeService({ db: app.platform.database.db });
  let brandLookup: BrandOfRequest | undefined;
  const brandOf: BrandOfRequest = (request) => {
    if (!brandLookup) throw new Error('no brand lookup: the site module hands it over when it registers');
    return brandLookup(request);
  };
  const guards = createStaffGuards(backoffice, brandOf);
  decorateStaffContext(app);
  app.decorate('backoffice', {
    backoffice,
    ...guards,
    resolveBrandsWith: (lookup) => {
      brandLookup = lookup;
    },
  });
  await app.register(backofficeRoutes(backoffice, guards), { prefix: operatorApiPrefix });
});
