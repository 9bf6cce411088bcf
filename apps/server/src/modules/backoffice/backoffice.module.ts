import { defineModule, operatorApiPrefix } from '../../platform';
import { createStaffGuards, decorateStaffContext, type StaffGuards } from './backoffice.guard';
import { backofficeRoutes } from './backoffice.routes';
import { type BackofficeService, createBackofficeService } from './backoffice.service';

export type BackofficeModule = StaffGuards & { backoffice: BackofficeService };

declare module 'fastify' {
  interface FastifyInstance {
    backoffice: BackofficeModule;
  }
}

/** Staff accounts and their sessions; every operator route's guard comes from here. */
export const backofficeModule = defineModule('backoffice', [], async (app) => {
  const backoffice = createBackofficeService({ db: app.platform.database.db });
  const guards = createStaffGuards(backoffice);
  decorateStaffContext(app);
  app.decorate('backoffice', { backoffice, ...guards });
  await app.register(backofficeRoutes(backoffice, guards), { prefix: operatorApiPrefix });
});
