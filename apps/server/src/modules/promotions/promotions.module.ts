import { apiPrefix, defineModule, operatorApiPrefix } from '../../platform';
import { createBonusService, expireBonusesJobName, type BonusService } from './bonuses.service';
import type { RaffleService } from './promotion-games.service';
import { setUpPromotionGames } from './promotion-games.setup';
import { createDepositBonusService, type DepositBonusService } from './deposit-bonuses.service';
import type { PlayBlockSource, VipRankSource } from './eligibility/check-eligibility';
import { memberBonusRoutes } from './member-bonuses.routes';
import { promotionsAdminRoutes } from './promotions-admin.routes';
import { createPromotionAdminService } from './promotions-admin.service';
import { claimReviewAdminRoutes, sitePromotionRoutes } from './promotions.routes';
import { rebateRoutes } from './rebates.routes';
import { cashbackJobName, createRebateService, payRebatesJobName } from './rebates.service';
import { referralRoutes } from './referrals.routes';
import { createReferralService, qualifyReferralsJobName } from './referrals.service';
import { rewardRoutes } from './rewards.routes';
import { createSitePromotionService } from './site-promotions.service';
import { createRewardService, expireRewardsJobName, type RewardService } from './rewards.service';

export type PromotionsModule = {
  bonuses: BonusService;
  /** `raffles.recordDeposit(tx, deposit)`: the payments side reports each credited deposit (raffle tickets). */
  raffles: RaffleService;
  depositBonuses: DepositBonusService;
  rewards: RewardService;
  /** Loyalty (registered later) hands over how to read a member's VIP rank, for promotions limited to levels. */
  provideVipRank: (source: VipRankSource) => void;
};

declare module 'fastify' {
  interface FastifyInstance {
    promotions: PromotionsModule;
  }
}

const expiryIntervalMs = 60_000;
/** Invitees who deposited and bet enough are looked for every 5 minutes (and when the referrer opens the page). */
const referralIntervalMs = 5 * 60_000;
/** The daily rebate and cashback look for a closed day every half hour; a day is paid once however often. */
const rebateIntervalMs = 30 * 60_000;
/** Members paid per transaction by the daily rebate (one batched ledger statement each). */
const rebateChunkSize = 2_000;
/** Chunks the daily rebate pays at once, each on its own connection. */
const rebateConcurrency = 4;

/**
 * Promotions, bonuses and rewards: the operator's promotions, the bonus engine (wagering bonuses on their own
 * ledger balance), the reward centre, rebates, referral, red envelopes and raffles.
 */
export const promotionsModule = defineModule(
  'promotions',
  ['site', 'members', 'uploads', 'auth', 'backoffice', 'messages', 'turnover', 'wallet', 'protection'],
  async (app) => {
    const { database, scheduler, clock } = app.platform;
    const { ledger, wallet } = app.wallet;
    // Player protection: a member in a time-out or self-exclusion gets no offer and no promotion money.
    const { protection } = app.protection;
    const isPlayBlocked: PlayBlockSource = (memberId, executor) =>
      protection.isPlayBlocked(memberId, executor);
    const now = clock ? () => new Date(clock()) : () => new Date();
    let vipRankSource: VipRankSource = () => Promise.resolve(0);
    const vipRank: VipRankSource = (executor, memberId) => vipRankSource(executor, memberId);
    const provideVipRank = (source: VipRankSource): void => {
      vipRankSource = source;
    };
    const bonuses = createBonusService({ db: database.db, ledger, wallet, now });
    app.turnover.turnover.onValidBet(
      (tx, bet) => bonuses.followWagering(tx, bet),
      (tx, bets) => bonuses.followWageringOf(tx, bets),
    );
    scheduler.every(expireBonusesJobName, expiryIntervalMs, async () => {
      await bonuses.expire();
    });
    const rewards = createRewardService({
      db: database.db,
      ledger,
      wallet,
      turnover: app.turnover.turnover,
      now,
      isPlayBlocked,
    });
    scheduler.every(expireRewardsJobName, expiryIntervalMs, async () => {
      await rewards.expire();
    });
    const depositBonuses = createDepositBonusService({
      db: database.db,
      ledger,
      wallet,
      members: app.members.members,
      messages: app.messages.messages,
      bonuses,
      now,
      vipRank,
      isPlayBlocked,
    });
    app.wallet.provideBonusBalance((member, currency) =>
      bonuses.balance({ brandId: member.brandId, memberId: member.id, currency }),
    );
    await app.register(
      memberBonusRoutes({ bonuses, depositBonuses, requireRealMember: app.auth.requireRealMember }),
      { prefix: apiPrefix },
    );
    const { raffles } = await setUpPromotionGames(app, now, { vipRank, isPlayBlocked });
    app.decorate('promotions', { bonuses, raffles, depositBonuses, rewards, provideVipRank });
    await app.register(rewardRoutes(rewards, app.auth.requireRealMember), { prefix: apiPrefix });
    const referrals = createReferralService({
      db: database.db,
      wallet,
      rewards,
      members: app.members.members,
      site: app.site.site,
      now,
      vipRank,
      isPlayBlocked,
    });
    scheduler.every(qualifyReferralsJobName, referralIntervalMs, async () => {
      await referrals.qualify();
    });
    await app.register(
      referralRoutes({ referrals, site: app.site.site, requireRealMember: app.auth.requireRealMember }),
      { prefix: apiPrefix },
    );
    const rebates = createRebateService({
      db: database.db,
      ledger,
      wallet,
      turnover: app.turnover.turnover,
      isManualRebate: (brandId) => app.site.site.isBrandFlagEnabled(brandId, 'MANPLAYREB3'),
      now,
      playBlockedAmong: (memberIds, executor) => protection.listPlayBlocked(memberIds, executor),
      payChunkSize: rebateChunkSize,
      payConcurrency: rebateConcurrency,
    });
    scheduler.every(payRebatesJobName, rebateIntervalMs, async () => {
      await rebates.payDaily();
    });
    scheduler.every(cashbackJobName, rebateIntervalMs, async () => {
      await rebates.createCashback();
    });
    await app.register(rebateRoutes(rebates, app.auth.requireRealMember), { prefix: apiPrefix });
    const sitePromotions = createSitePromotionService({
      db: database.db,
      wallet,
      bonuses,
      members: app.members.members,
      uploads: app.uploads.uploads,
      now,
      vipRank,
      isPlayBlocked,
    });
    await app.register(
      sitePromotionRoutes({ sitePromotions, requireBrand: app.site.requireBrand, ...app.auth }),
      { prefix: apiPrefix },
    );
    await app.register(
      claimReviewAdminRoutes({ sitePromotions, ...app.backoffice, requireBrand: app.site.requireBrand }),
      { prefix: operatorApiPrefix },
    );
    const admin = createPromotionAdminService({
      db: database.db,
      ledger,
      wallet,
      members: app.members.members,
      uploads: app.uploads.uploads,
      bonuses,
      now,
      isPlayBlocked,
    });
    app.uploads.uploads.registerReferences('promotions', admin.findReferencedUploads);
    await app.register(
      promotionsAdminRoutes({ admin, ...app.backoffice, requireBrand: app.site.requireBrand }),
      {
        prefix: operatorApiPrefix,
      },
    );
  },
);
