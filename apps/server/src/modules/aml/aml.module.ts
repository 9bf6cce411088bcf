import { defineModule, operatorApiPrefix } from '../../platform';
import { createMemberProfileService } from '../members/member-profile.service';
import { amlRoutes } from './aml.routes';
import { createAmlService, type AmlService } from './aml.service';
import { amlFoldJobName, createAmlMonitor, type AmlMonitor } from './fold.service';

/** `monitor`: the fold and sharing checks (tests fold with `app.aml.monitor.fold()`). */
export type AmlModule = { aml: AmlService; monitor: AmlMonitor };

declare module 'fastify' {
  interface FastifyInstance {
    aml: AmlModule;
  }
}

/**
 * Anti-money-laundering monitoring: rules that flag (never block) large deposits and withdrawals, withdrawals with
 * little play, accounts sharing a device, network address or payout account, and rapid transfers down an agent's
 * line; and the console's risk queue. It follows the ledger, new members and sign-ins through published views,
 * off the money's path (`fold.repository.ts`), and changes a member's status only through the members module's
 * own status change. Registered after the domains whose services it uses.
 */
export const amlModule = defineModule(
  'aml',
  ['site', 'backoffice', 'members', 'auth', 'wallet', 'protection', 'promotions', 'games', 'payments'],
  async (app) => {
    const { config, database, scheduler } = app.platform;
    // Its own connections, as the other folds: a fold queued behind busy requests lags the queue.
    const monitor = createAmlMonitor({ db: database.background, auth: app.auth.auth });
    // The risk queue follows the money as the dashboard does (the reports fold's interval; 0 in tests: by hand).
    scheduler.every(amlFoldJobName, config.REPORTS_FOLD_INTERVAL_MS, async () => {
      await monitor.followUp();
    });
    // The members module's status change as the member profile uses it (row lock, sessions ended, timeline, audit).
    const memberStatus = createMemberProfileService({
      db: database.db,
      auth: app.auth.auth,
      protection: app.protection.protection,
      wallet: app.wallet.wallet,
      funds: app.wallet.funds,
      records: app.wallet.records,
      bonuses: app.promotions.bonuses,
      rounds: app.games.rounds,
      deposits: app.payments.deposits,
      withdrawals: app.payments.withdrawals,
    });
    const aml = createAmlService({
      db: database.db,
      wallet: app.wallet.wallet,
      members: app.members.members,
      memberStatus,
    });
    app.decorate('aml', { aml, monitor });
    await app.register(amlRoutes(aml, { ...app.backoffice, requireBrand: app.site.requireBrand }), {
      prefix: operatorApiPrefix,
    });
  },
);
