import { type DayFigures, dayFiguresKey, type LoyaltyActivity, type MemberFigures } from './fold-types';

/**
 * The batch's figures: each member's stored lifetime figures (`stored`) with the batch's deposits and valid bet
 * (bets less refunds) added, and what the batch adds to each member's days. Payouts add nothing; a member with
 * only payouts keeps the stored figures and gets no day.
 */
export const tallyFigures = (
  activities: readonly LoyaltyActivity[],
  stored: readonly MemberFigures[],
): { members: Map<bigint, MemberFigures>; days: Map<string, DayFigures> } => {
  const members = new Map(stored.map((figures) => [figures.memberId, { ...figures }]));
  const days = new Map<string, DayFigures>();
  for (const activity of activities) {
    if (activity.kind === 'payout') continue;
    const deposit = activity.kind === 'deposit' ? activity.amount : 0n;
    const validBet =
      activity.kind === 'bet' ? activity.amount : activity.kind === 'refund' ? -activity.amount : 0n;
    const rounds = activity.kind === 'bet' ? 1 : activity.kind === 'refund' ? -1 : 0;
    let figures = members.get(activity.memberId);
    if (!figures) {
      figures = {
        memberId: activity.memberId,
        brandId: activity.brandId,
        depositTotal: 0n,
        validBetTotal: 0n,
        pointsRemainder: 0n,
        pointsEarnedBy: {},
        pointsPending: 0n,
      };
      members.set(activity.memberId, figures);
    }
    figures.depositTotal += deposit;
    figures.validBetTotal += validBet;
    const key = dayFiguresKey(activity.memberId, activity.day);
    const day = days.get(key) ?? {
      memberId: activity.memberId,
      brandId: activity.brandId,
      day: activity.day,
      deposit: 0n,
      validBet: 0n,
      rounds: 0,
      points: 0n,
    };
    day.deposit += deposit;
    day.validBet += validBet;
    day.rounds += rounds;
    days.set(key, day);
  }
  return { members, days };
};
