import type { FastifyInstance } from 'fastify';
import { apiPrefix, operatorApiPrefix } from '../../platform';
import type { LoyaltyFoldService } from './fold/fold.service';
import { vipAdminRoutes } from './vip-admin.routes';
import { vipIconRoutes, vipRoutes } from './vip.routes';
import { createVipService, reviewVipLevelsJobName, type VipService } from './vip.service';

/** Keep periods end at a brand's midnight; an hourly review lowers members within the hour after. */
const reviewIntervalMs = 60 * 60_000;

/** Builds the vip service, registers it with the fold and its routes; answers it for `app.loyalty.vip`. */
export const setUpVip = async (app: FastifyInstance, fold: LoyaltyFoldService): Promise<VipService> => {
  const { database, scheduler, clock } = app.platform;
  const now = clock ? () => new Date(clock()) : () => new Date();
  const vip = createVipService({
    db: database.db,
    wallet: app.wallet.wallet,
    ledger: app.wallet.ledger,
    rewards: app.promotions.rewards,
    members: app.members.members,
    uploads: app.uploads.uploads,
    now,
  });
  fold.onBatch((tx, batch) => vip.promote(tx, batch));
  scheduler.every(reviewVipLevelsJobName, reviewIntervalMs, async () => {
    await vip.review();
  });
  app.auth.auth.provideVipLevel((member) => vip.badgeOf(member));
  app.promotions.provideVipRank((executor, memberId) => vip.rankOf(memberId, executor));
  await app.register(vipRoutes(vip, app.auth.requireRealMember), { prefix: apiPrefix });
  await app.register(vipIconRoutes(vip, app.site.requireBrand), { prefix: apiPrefix });
  await app.register(vipAdminRoutes({ vip, ...app.backoffice, requireBrand: app.site.requireBrand }), {
    prefix: operatorApiPrefix,
  });
  return vip;
};
