import type { FastifyInstance } from 'fastify';
import { apiPrefix, operatorApiPrefix } from '../../platform';
import type { LoyaltyFoldService } from './fold/fold.service';
import { missionAdminRoutes } from './missions-admin.routes';
import { missionRoutes } from './missions.routes';
import { createMissionService, type MissionService, payLeaderboardsJobName } from './missions.service';

/** Ended leaderboard periods are looked for every minute; a period is paid once however often this runs. */
const payoutIntervalMs = 60_000;

/** Builds the missions service, registers it with the fold, its payout job and its routes. */
export const setUpMissions = async (
  app: FastifyInstance,
  fold: LoyaltyFoldService,
): Promise<MissionService> => {
  const { database, scheduler, clock, push } = app.platform;
  const now = clock ? () => new Date(clock()) : () => new Date();
  const missions = createMissionService({
    db: database.db,
    ledger: app.wallet.ledger,
    wallet: app.wallet.wallet,
    rewards: app.promotions.rewards,
    push,
    now,
  });
  fold.onBatch((tx, batch) => missions.follow(tx, batch));
  scheduler.every(payLeaderboardsJobName, payoutIntervalMs, async () => {
    await missions.payLeaderboards();
  });
  await app.register(missionRoutes(missions, app.auth.requireRealMember), { prefix: apiPrefix });
  await app.register(
    missionAdminRoutes({ missions, ...app.backoffice, requireBrand: app.site.requireBrand }),
    {
      prefix: operatorApiPrefix,
    },
  );
  return missions;
};
