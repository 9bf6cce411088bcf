import { apiPrefix, defineModule, operatorApiPrefix } from '../../platform';
import { protectionAdminRoutes, protectionRoutes } from './protection.routes';
import { createProtectionService, type ProtectionService } from './protection.service';

export type ProtectionModule = { protection: ProtectionService };

declare module 'fastify' {
  interface FastifyInstance {
    protection: ProtectionModule;
  }
}

/**
 * Responsible gambling: limits, time-outs and self-exclusion. Registered before the domains that move money, which
 * ask it before a deposit, a launch or an agent's transfer; stakes are bound by the ledger's own rule.
 */
export const protectionModule = defineModule(
  'protection',
  ['site', 'members', 'auth', 'wallet', 'backoffice'],
  async (app) => {
    const protection = createProtectionService({
      db: app.platform.database.db,
      site: app.site.site,
      wallet: app.wallet.wallet,
      members: app.members.members,
      auth: app.auth.auth,
    });
    app.decorate('protection', { protection });
    await app.register(protectionRoutes(protection, app.auth.requireRealMember), { prefix: apiPrefix });
    await app.register(
      protectionAdminRoutes(protection, { ...app.backoffice, requireBrand: app.site.requireBrand }),
      {
        prefix: operatorApiPrefix,
      },
    );
  },
);
