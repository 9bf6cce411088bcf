import type { PromotionConfig } from '@wps/contracts/promotions';
import { recordAuditEvent } from '../../audit/audit.service';
import { ineligibilityOf } from '../eligibility/check-eligibility';
import * as promotions from '../promotions.repository';
import * as repository from '../referrals.repository';
import type { ReferralDependencies } from './referral-types';

export const qualifyReferralsJobName = 'promotions.qualify-referrals';
const batchSize = 500;

type ReferralConfig = Extract<PromotionConfig, { kind: 'referral' }>;

/** The brand's running referral promotion (the first by the operator's order), with its rules in minor units. */
export const liveReferralRules = async (deps: ReferralDependencies, brandId: bigint) => {
  const [promotion] = await promotions.listLivePromotions(deps.db, brandId, deps.now(), 'referral');
  if (promotion?.config.kind !== 'referral') return null;
  const currency = await deps.site.getBrandCurrency(brandId);
  if (currency === undefined) return null;
  const config: ReferralConfig = promotion.config;
  const parse = (amount: string) => deps.wallet.parseAmount(amount, currency, 'amount', { allowZero: true });
  return {
    promotion,
    currency,
    inviteeDeposit: await parse(config.inviteeDeposit),
    inviteeValidBet: await parse(config.inviteeValidBet),
    reward: await parse(config.reward),
  };
};
export type LiveReferralRules = NonNullable<Awaited<ReturnType<typeof liveReferralRules>>>;

/**
 * Gives the referrer one claimable reward for an invitee who met both thresholds, in one transaction: the
 * referrer must be eligible for the promotion and within its claim limit (a claim per invitee), and the reward
 * is unique per referrer and invitee, so a second run or instance creates nothing more. Audited as the platform's
 * action.
 */
const rewardReferrer = async (
  deps: ReferralDependencies,
  rules: LiveReferralRules,
  pair: { inviteeId: bigint; referrerId: bigint },
): Promise<boolean> => {
  const { promotion } = rules;
  const referrer = await deps.members.findById(pair.referrerId);
  if (!referrer) return false;
  const reference = `referral:${pair.inviteeId}`;
  return deps.db.transaction(async (tx) => {
    if ((await ineligibilityOf(tx, promotion, referrer, deps.now(), deps)) !== null) return false;
    const isClaimed = await promotions.insertClaim(tx, {
      promotionId: promotion.id,
      memberId: referrer.id,
      brandId: promotion.brandId,
      reference,
      limit: promotion.claimLimit,
    });
    if (!isClaimed) return false;
    const created = await deps.rewards.create(tx, {
      brandId: promotion.brandId,
      memberId: referrer.id,
      currency: rules.currency,
      source: 'referral',
      promotionId: promotion.id,
      reference,
      title: promotion.content.en.title,
      amount: rules.reward,
      turnoverRequired: (rules.reward * BigInt(promotion.turnoverPercent)) / 100n,
    });
    if (created === undefined) return false;
    await recordAuditEvent(tx, {
      actor: { type: 'system', id: qualifyReferralsJobName },
      action: 'promotions.referral.reward',
      entityType: 'member',
      entityId: referrer.id.toString(),
      after: {
        promotionId: promotion.id.toString(),
        inviteeId: pair.inviteeId.toString(),
        amount: rules.reward.toString(),
        currency: rules.currency,
      },
    });
    return true;
  });
};

const qualifies = (rules: LiveReferralRules, progress: { deposited: bigint; validBet: bigint }): boolean =>
  progress.deposited >= rules.inviteeDeposit && progress.validBet >= rules.inviteeValidBet;

/** Rewards the referrers of these invitees that now qualify; answers how many rewards were created. */
export const qualifyPairs = async (
  deps: ReferralDependencies,
  rules: LiveReferralRules,
  pairs: ReadonlyArray<{ inviteeId: bigint; referrerId: bigint }>,
): Promise<number> => {
  if (rules.reward <= 0n || pairs.length === 0) return 0;
  const progress = await repository.listInviteeProgress(
    deps.db,
    pairs.map((pair) => pair.inviteeId),
    rules.currency,
  );
  const byMember = new Map(progress.map((row) => [row.memberId, row]));
  let created = 0;
  for (const pair of pairs) {
    const row = byMember.get(pair.inviteeId);
    if (row && qualifies(rules, row) && (await rewardReferrer(deps, rules, pair))) created += 1;
  }
  return created;
};

/**
 * The job: for every brand with a running referral promotion, walks the invitees without a reward yet and
 * rewards the referrers of those who deposited and bet enough. Exactly once comes from the reward's unique
 * reference and the claim's sequence, not from the timer.
 */
export const qualifyReferrals = async (deps: ReferralDependencies): Promise<number> => {
  let created = 0;
  for (const brand of await deps.site.listBrandTimeZones()) {
    const rules = await liveReferralRules(deps, brand.id);
    if (rules === null) continue;
    let afterId = 0n;
    for (;;) {
      const pairs = await repository.listUnrewardedInvitees(deps.db, brand.id, afterId, batchSize);
      created += await qualifyPairs(deps, rules, pairs);
      const last = pairs.at(-1);
      if (last === undefined || pairs.length < batchSize) break;
      afterId = last.inviteeId;
    }
  }
  return created;
};
