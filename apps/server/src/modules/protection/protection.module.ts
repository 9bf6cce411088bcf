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
    // The domains registered before this one ask it through the hooks they offer: an agent's transfer to an
    // excluded member, an excluded person registering again, and time signed in against session-time limits.
    app.members.members.providePlayBlock((memberId, executor) =>
      protection.isPlayBlocked(memberId, executor),
    );
    app.auth.auth.provideRegistrantCheck((brandId, person) =>
      protection.assertNotExcludedPerson(brandId, person),
    );
    app.auth.auth.onSessionActive((memberId, elapsedMs) => protection.recordSessionTime(memberId, elapsedMs));
    await app.register(protectionRoutes(protection, app.auth.requireRealMember), { prefix: apiPrefix });
    await app.register(
      protectionAdminRoutes(protection, { ...app.backoffice, requireBrand: app.site.requireBrand }),
      {
        prefix: operatorApiPrefix,
      },
    );
  },
);
