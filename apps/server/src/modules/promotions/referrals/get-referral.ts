import type { Referral, ReferralInvitee } from '@wps/contracts/promotions-rewards';
import * as repository from '../referrals.repository';
import * as rewards from '../rewards.repository';
import { ensureInviteCode } from './invite-code';
import { liveReferralRules, qualifyPairs } from './qualify-invitees';
import type { ReferralDependencies } from './referral-types';

/** The page lists this many invitees, oldest first. */
const inviteeLimit = 200;

/** "ma***a": enough for the member to recognise a friend, not a name to harvest. */
export const maskUsername = (username: string): string =>
  username.length <= 3 ? `${username.slice(0, 1)}***` : `${username.slice(0, 2)}***${username.slice(-1)}`;

type Member = { id: bigint; brandId: bigint; language: string | null };

/**
 * The member's referral page: their invite code and link (the brand's sign-up page with the code filled in),
 * the brand's rules, their invitees with progress, and what they earned. Invitees who qualify since the job
 * last ran are rewarded first, so the page never shows a friend qualified without the reward.
 */
export const getReferral = async (
  deps: ReferralDependencies,
  member: Member,
  context: { currency: string; siteOrigin: string },
): Promise<Referral> => {
  const code = await ensureInviteCode(deps, member);
  const invitees = await repository.listInvitees(deps.db, member.brandId, member.id, code, inviteeLimit);
  const rules = await liveReferralRules(deps, member.brandId);
  const references = invitees.map((invitee) => `referral:${invitee.id}`);
  if (rules !== null) {
    const rewarded = await rewards.listRewardsByReferences(deps.db, member.id, 'referral', references);
    const done = new Set(rewarded.map((row) => row.reference));
    const pending = invitees.filter((invitee) => !done.has(`referral:${invitee.id}`));
    await qualifyPairs(
      deps,
      rules,
      pending.map((invitee) => ({ inviteeId: invitee.id, referrerId: member.id })),
    );
  }
  const [progress, rewarded, earned] = await Promise.all([
    repository.listInviteeProgress(
      deps.db,
      invitees.map((invitee) => invitee.id),
      context.currency,
    ),
    rewards.listRewardsByReferences(deps.db, member.id, 'referral', references),
    rewards.sumEarnedRewards(deps.db, member.id, 'referral'),
  ]);
  const byMember = new Map(progress.map((row) => [row.memberId, row]));
  const qualified = new Set(rewarded.map((row) => row.reference));
  const format = (amount: bigint) => deps.wallet.formatAmount(amount, context.currency);
  const list: ReferralInvitee[] = await Promise.all(
    invitees.map(async (invitee) => ({
      username: maskUsername(invitee.username),
      registeredAt: invitee.createdAt.toISOString(),
      deposited: await format(byMember.get(invitee.id)?.deposited ?? 0n),
      validBet: await format(byMember.get(invitee.id)?.validBet ?? 0n),
      qualified: qualified.has(`referral:${invitee.id}`),
    })),
  );
  const content =
    rules === null
      ? null
      : member.language === 'ur'
        ? (rules.promotion.content.ur ?? rules.promotion.content.en)
        : rules.promotion.content.en;
  return {
    code,
    link: `${context.siteOrigin}/register?referralCode=${encodeURIComponent(code)}`,
    rules:
      rules === null || content === null
        ? null
        : {
            promotionId: rules.promotion.id.toString(),
            title: content.title,
            terms: content.terms,
            inviteeDeposit: await format(rules.inviteeDeposit),
            inviteeValidBet: await format(rules.inviteeValidBet),
            reward: await format(rules.reward),
          },
    invitees: list,
    rewardCount: earned.count,
    rewardsEarned: await format(earned.amount),
  };
};
