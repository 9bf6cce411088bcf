import { defineModule } from '../../platform';
import { createLoyaltyFoldService, loyaltyFoldJobName, type LoyaltyFoldService } from './fold/fold.service';
import { setUpMissions } from './missions.setup';
import { setUpPoints } from './points.setup';
import { setUpVip } from './vip.setup';

export type LoyaltyModule = { fold: LoyaltyFoldService };

declare module 'fastify' {
  interface FastifyInstance {
    loyalty: LoyaltyModule;
  }
}

/** Mission progress and VIP promotion follow the money within about this long. */
const foldIntervalMs = 1_000;

/**
 * Loyalty: VIP levels, missions and leaderboards, points and the points mall. All of it follows the ledger through
 * one fold (`fold/`), off the money's path; money it pays goes through the ledger and the reward centre.
 */
export const loyaltyModule = defineModule(
  'loyalty',
  ['site', 'members', 'auth', 'backoffice', 'uploads', 'messages', 'turnover', 'wallet', 'promotions'],
  async (app) => {
    const { database, scheduler, push } = app.platform;
    const fold = createLoyaltyFoldService({ db: database.db, push });
    scheduler.every(loyaltyFoldJobName, foldIntervalMs, async () => {
      await fold.fold();
    });
    app.decorate('loyalty', { fold });
    await setUpVip(app, fold);
    await setUpMissions(app, fold);
    await setUpPoints(app, fold);
  },
);
