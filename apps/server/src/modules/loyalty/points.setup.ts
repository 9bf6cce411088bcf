import type { FastifyInstance } from 'fastify';
import { apiPrefix, operatorApiPrefix } from '../../platform';
import type { LoyaltyFoldService } from './fold/fold.service';
import { pointsAdminRoutes } from './points-admin.routes';
import { mallImageRoutes, pointsRoutes } from './points.routes';
import { createPointsService, type PointsService } from './points.service';

/** Builds the points service, registers it with the fold and its routes. */
export const setUpPoints = async (app: FastifyInstance, fold: LoyaltyFoldService): Promise<PointsService> => {
  const points = createPointsService({
    db: app.platform.database.db,
    ledger: app.wallet.ledger,
    turnover: app.turnover.turnover,
    rewards: app.promotions.rewards,
    members: app.members.members,
    uploads: app.uploads.uploads,
    now: () => new Date(),
    pointsRoundMs: app.platform.config.LOYALTY_POINTS_ROUND_MS,
  });
  fold.onBatch((tx, batch) => points.earn(tx, batch));
  fold.onCommitted(() => points.warmAccounts());
  app.uploads.uploads.registerReferences('loyalty-points', points.findReferencedUploads);
  await app.register(
    pointsRoutes({
      points,
      requireRealMember: app.auth.requireRealMember,
      decryptBody: app.auth.decryptBody,
    }),
    { prefix: apiPrefix },
  );
  await app.register(mallImageRoutes({ points, requireBrand: app.site.requireBrand }), { prefix: apiPrefix });
  await app.register(pointsAdminRoutes({ points, ...app.backoffice, requireBrand: app.site.requireBrand }), {
    prefix: operatorApiPrefix,
  });
  return points;
};
