import type { FastifyInstance } from 'fastify';
import { apiPrefix } from '../../platform';
import { promotionGameRoutes } from './promotion-games.routes';
import {
  createRaffleService,
  createRedEnvelopeService,
  drawRafflesJobName,
  type PromotionGameDependencies,
} from './promotion-games.service';
import type { EligibilitySources } from './eligibility/check-eligibility';

/** The raffle job looks for due draws (and raffles whose seed is not yet committed) every minute. */
const raffleJobIntervalMs = 60_000;

/**
 * Red envelopes and raffles inside the promotions module: their services, the valid-bet listener that earns
 * raffle tickets, the draw job and the member routes. Answers the services the module decorates.
 */
export const setUpPromotionGames = async (
  app: FastifyInstance,
  now: () => Date,
  { vipRank, isPlayBlocked }: EligibilitySources,
) => {
  const { site } = app.site;
  const deps: PromotionGameDependencies = {
    db: app.platform.database.db,
    ledger: app.wallet.ledger,
    wallet: app.wallet.wallet,
    turnover: app.turnover.turnover,
    members: app.members.members,
    currencyOf: async (brandId) => {
      const currency = await site.getBrandCurrency(brandId);
      if (currency === undefined) throw new Error(`brand ${brandId} has no currency`);
      return currency;
    },
    now,
    vipRank,
    isPlayBlocked,
  };
  const redEnvelopes = createRedEnvelopeService(deps);
  const raffles = createRaffleService(deps);
  app.turnover.turnover.onValidBet((tx, bet) => raffles.recordValidBet(tx, bet));
  app.platform.scheduler.every(drawRafflesJobName, raffleJobIntervalMs, async () => {
    await raffles.draw();
  });
  await app.register(
    promotionGameRoutes({
      redEnvelopes,
      raffles,
      requireMember: app.auth.requireMember,
      requireRealMember: app.auth.requireRealMember,
    }),
    { prefix: apiPrefix },
  );
  return { redEnvelopes, raffles };
};
