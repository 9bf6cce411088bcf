import { defineModule, operatorApiPrefix } from '../../platform';
import { memberProfileRoutes } from './member-profile.routes';
import { createMemberProfileService } from './member-profile.service';

/**
 * The console's member profile ("member 360"). Members are built before the domains that hold a member's money,
 * games and sign-ins (they build on members), so the profile, which reads them all through their services, is
 * a module of its own registered after them.
 */
export const memberProfileModule = defineModule(
  'member-profile',
  ['site', 'backoffice', 'members', 'auth', 'wallet', 'protection', 'promotions', 'games', 'payments'],
  async (app) => {
    const profiles = createMemberProfileService({
      db: app.platform.database.db,
      auth: app.auth.auth,
      // A member in a time-out or self-exclusion is not reopened by a status change.
      protection: app.protection.protection,
      wallet: app.wallet.wallet,
      funds: app.wallet.funds,
      records: app.wallet.records,
      bonuses: app.promotions.bonuses,
      rounds: app.games.rounds,
      deposits: app.payments.deposits,
      withdrawals: app.payments.withdrawals,
    });
    await app.register(
      memberProfileRoutes(profiles, { ...app.backoffice, requireBrand: app.site.requireBrand }),
      { prefix: operatorApiPrefix },
    );
  },
);
