import { recordAuditEvent } from '../../audit/audit.service';
import * as repository from '../vip.repository';
import type { MemberLevelRow, VipBrand, VipLevelRow } from '../vip.repository';
import { dayIn, nextPeriodStart, periodKeyOf, periodStartOf } from './vip-periods';
import { keepPeriodOf, type VipDependencies } from './vip-types';

export const reviewVipLevelsJobName = 'vip-review';

/** Members reviewed per read; the job pages until none is due. */
const pageSize = 500;

export type VipReviewResult = {
  kept: number;
  lowered: number;
  monthlyBonuses: number;
  birthdayBonuses: number;
};

/**
 * One member's ended keep period, in one transaction: the figures of [period start, period end) against the
 * level's keep requirement; kept starts the next period, missed lowers one level (to the next lower level of
 * the brand) and starts the next period there. The change's unique reference ('review:<period>') and the
 * conditional move make a second review of the same period, on this instance or another, change nothing. A
 * lowered level is audited as the platform's action.
 */
const reviewMember = async (
  deps: VipDependencies,
  levels: readonly VipLevelRow[],
  level: VipLevelRow,
  member: MemberLevelRow,
): Promise<'kept' | 'lowered' | 'skipped'> =>
  deps.db
    .transaction(async (tx) => {
      const period = keepPeriodOf(level);
      const periodEnd = nextPeriodStart(member.periodStart, period);
      const figures = await repository.figuresBetween(tx, member.memberId, member.periodStart, periodEnd);
      const isKept = figures.deposit >= level.keepDeposit && figures.validBet >= level.keepValidBet;
      const lower = levels.filter((candidate) => candidate.rank < level.rank).at(-1);
      const toRank = isKept ? level.rank : (lower?.rank ?? 0);
      const nextStart =
        toRank === level.rank || !lower ? periodEnd : periodStartOf(periodEnd, keepPeriodOf(lower));
      const at = deps.now();
      const from = { memberId: member.memberId, rank: member.rank, periodStart: member.periodStart };
      if (!(await repository.moveMemberLevel(tx, from, { rank: toRank, periodStart: nextStart, at }))) {
        return 'skipped';
      }
      if (toRank === level.rank) return 'kept';
      const isRecorded = await repository.insertLevelChange(tx, {
        brandId: member.brandId,
        memberId: member.memberId,
        fromRank: level.rank,
        toRank,
        reason: 'downgrade',
        reference: `review:${periodKeyOf(member.periodStart, period)}`,
        createdAt: at,
      });
      // Recorded before: another review of this period won; undo this one's move.
      if (!isRecorded) throw new ReviewRaced();
      await recordAuditEvent(tx, {
        actor: { type: 'system', id: reviewVipLevelsJobName },
        action: 'loyalty.vip_member_level.lower',
        entityType: 'member',
        entityId: member.memberId.toString(),
        before: { rank: level.rank, periodStart: member.periodStart },
        after: { rank: toRank, periodStart: nextStart, keepPeriod: periodKeyOf(member.periodStart, period) },
      });
      return 'lowered';
    })
    .catch((error: unknown) => {
      if (error instanceof ReviewRaced) return 'skipped' as const;
      throw error;
    });

class ReviewRaced extends Error {}

/** Reviews every member of the brand whose keep period ended before today (brand's clock). */
const reviewBrand = async (
  deps: VipDependencies,
  brand: VipBrand,
  levels: readonly VipLevelRow[],
  today: string,
  result: VipReviewResult,
): Promise<void> => {
  // From the top down, so a member lowered here is not reviewed again for the same period one level lower.
  for (const level of [...levels].reverse()) {
    if (level.rank === 0) continue;
    const currentStart = periodStartOf(today, keepPeriodOf(level));
    const skipped = new Set<bigint>();
    for (;;) {
      const due = (
        await repository.membersDueForReview(deps.db, brand.id, level.rank, currentStart, pageSize)
      ).filter((member) => !skipped.has(member.memberId));
      if (due.length === 0) break;
      for (const member of due) {
        const outcome = await reviewMember(deps, levels, level, member);
        if (outcome === 'skipped') skipped.add(member.memberId);
        else result[outcome === 'kept' ? 'kept' : 'lowered'] += 1;
      }
      if (due.length < pageSize && due.every((member) => skipped.has(member.memberId))) break;
    }
  }
};

/** The monthly bonus of every level that has one, to its members, once per member and month of the brand. */
const payMonthlyBonuses = async (
  deps: VipDependencies,
  brand: VipBrand,
  levels: readonly VipLevelRow[],
  today: string,
  result: VipReviewResult,
): Promise<void> => {
  const month = today.slice(0, 7);
  for (const level of levels) {
    if (level.monthlyBonus <= 0n || level.rank === 0) continue;
    let afterId = 0n;
    for (;;) {
      const page = await repository.membersAtRank(deps.db, brand.id, level.rank, afterId, pageSize);
      if (page.length === 0) break;
      await deps.db.transaction(async (tx) => {
        for (const member of page) {
          const created = await deps.rewards.create(tx, {
            brandId: brand.id,
            memberId: member.memberId,
            currency: brand.currency,
            source: 'vip',
            promotionId: null,
            reference: `vip-monthly:${month}`,
            title: `VIP monthly bonus: ${level.name.en}`,
            amount: level.monthlyBonus,
            turnoverRequired: level.monthlyBonus * BigInt(level.bonusTurnoverMultiplier),
          });
          if (created) result.monthlyBonuses += 1;
        }
      });
      afterId = page.at(-1)?.memberId ?? afterId;
    }
  }
};

const isLeapYear = (year: number): boolean => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

/** Birthdays celebrated on `today`: 29 February's on the 28th in a year without one. */
const birthdaysOn = (today: string): string[] => {
  const monthDay = today.slice(5);
  return monthDay === '02-28' && !isLeapYear(Number(today.slice(0, 4))) ? [monthDay, '02-29'] : [monthDay];
};

/**
 * The birthday bonus of their level to members whose birthday is today on the brand's clock, once per member
 * and year (the reward's reference 'vip-birthday:<year>'), with the level's wagering.
 */
const payBirthdayBonuses = async (
  deps: VipDependencies,
  brand: VipBrand,
  levels: readonly VipLevelRow[],
  today: string,
  result: VipReviewResult,
): Promise<void> => {
  const levelOf = new Map(levels.map((level) => [level.rank, level]));
  let afterId = 0n;
  for (;;) {
    const page = await repository.membersWithBirthday(
      deps.db,
      brand.id,
      birthdaysOn(today),
      afterId,
      pageSize,
    );
    if (page.length === 0) break;
    await deps.db.transaction(async (tx) => {
      for (const member of page) {
        const level = levelOf.get(member.rank);
        if (!level || level.birthdayBonus <= 0n) continue;
        const created = await deps.rewards.create(tx, {
          brandId: brand.id,
          memberId: member.memberId,
          currency: brand.currency,
          source: 'vip',
          promotionId: null,
          reference: `vip-birthday:${today.slice(0, 4)}`,
          title: `VIP birthday bonus: ${level.name.en}`,
          amount: level.birthdayBonus,
          turnoverRequired: level.birthdayBonus * BigInt(level.bonusTurnoverMultiplier),
        });
        if (created) result.birthdayBonuses += 1;
      }
    });
    afterId = page.at(-1)?.memberId ?? afterId;
  }
};

/**
 * The VIP review (job 'vip-review', and tests with a chosen clock): for each brand, on its own clock, lowers by
 * one level the members who missed their level's keep requirement in the period that ended and starts a new
 * period for those who kept it, then pays the month's monthly bonuses and today's birthday bonuses. Safe to run
 * often and on several instances: each period, each month's bonus and each year's birthday bonus counts once per
 * member.
 */
export const reviewVipLevels = async (deps: VipDependencies, now: Date): Promise<VipReviewResult> => {
  const result: VipReviewResult = { kept: 0, lowered: 0, monthlyBonuses: 0, birthdayBonuses: 0 };
  for (const brand of await repository.brandsWithLevels(deps.db)) {
    const levels = await repository.listLevels(deps.db, brand.id);
    const today = dayIn(now, brand.timeZone);
    await reviewBrand(deps, brand, levels, today, result);
    await payMonthlyBonuses(deps, brand, levels, today, result);
    await payBirthdayBonuses(deps, brand, levels, today, result);
  }
  return result;
};
