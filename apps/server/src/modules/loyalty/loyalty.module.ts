import { defineModule } from '../../platform';
import { createLoyaltyFoldService, loyaltyFoldJobName, type LoyaltyFoldService } from './fold/fold.service';
import { setUpMissions } from './missions.setup';
import { setUpPoints } from './points.setup';
import { setUpVip } from './vip.setup';
import type { VipService } from './vip.service';

/** `vip`: a member's level for other modules (payments' withdrawal limits). */
export type LoyaltyModule = { fold: LoyaltyFoldService; vip: VipService };

declare module 'fastify' {
  interface FastifyInstance {
    loyalty: LoyaltyModule;
  }
}

/**
 * Loyalty: VIP levels, missions and leaderboards, points and the points mall. All of it follows the ledger through
 * one fold (`fold/`), off the money's path; money it pays goes through the ledger and the reward centre.
 */
export const loyaltyModule = defineModule(
  'loyalty',
  ['site', 'members', 'auth', 'backoffice', 'uploads', 'messages', 'turnover', 'wallet', 'promotions'],
  async (app) => {
    const { config, database, scheduler, push } = app.platform;
    // Its own connections: a fold waiting behind a busy API's requests for a pooled connection lags the money.
    const fold = createLoyaltyFoldService({ db: database.background, push });
    // Mission progress, VIP promotion and points follow the money within about this long.
    scheduler.every(loyaltyFoldJobName, config.LOYALTY_FOLD_INTERVAL_MS, async () => {
      await fold.followUp();
    });
    const vip = await setUpVip(app, fold);
    app.decorate('loyalty', { fold, vip });
    await setUpMissions(app, fold);
    await setUpPoints(app, fold);
  },
);
