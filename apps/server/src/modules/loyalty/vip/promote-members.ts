import type { Transaction } from '../../../db/database';
import type { LoyaltyBatch } from '../fold/fold-types';
import * as repository from '../vip.repository';
import type { MemberLevelRow, VipBrand, VipLevelRow } from '../vip.repository';
import { dayIn, periodStartOf } from './vip-periods';
import { keepPeriodOf, rankReached, type VipDependencies } from './vip-types';

type Promotion = {
  brand: VipBrand;
  levels: readonly VipLevelRow[];
  memberId: bigint;
  current: MemberLevelRow | undefined;
  target: number;
};

/** Puts the level-up bonus of every level above the highest ever reached in the reward centre, once each. */
const payLevelUpBonuses = async (
  deps: Pick<VipDependencies, 'rewards'>,
  tx: Transaction,
  promotion: Promotion,
  previousHighest: number,
): Promise<void> => {
  const { brand, levels, memberId, target } = promotion;
  for (const level of levels) {
    if (level.rank <= previousHighest || level.rank > target || level.levelUpBonus <= 0n) continue;
    await deps.rewards.create(tx, {
      brandId: brand.id,
      memberId,
      currency: brand.currency,
      source: 'vip',
      promotionId: null,
      reference: `vip-up:${level.rank}`,
      title: `VIP level-up bonus: ${level.name.en}`,
      amount: level.levelUpBonus,
      turnoverRequired: level.levelUpBonus * BigInt(level.bonusTurnoverMultiplier),
    });
  }
};

/**
 * Raises one member to `target`: the level row, one change per level crossed ('up:<rank>' the first time a
 * level is reached, 'up:<rank>:<period start>' when it is reached again after a downgrade) and the level-up
 * bonuses of levels never reached before. The keep period starts again with the period running now.
 */
const promote = async (deps: VipDependencies, tx: Transaction, promotion: Promotion): Promise<void> => {
  const { brand, levels, memberId, current, target } = promotion;
  const now = deps.now();
  const level = levels.find((candidate) => candidate.rank === target);
  if (!level) return;
  const periodStart = periodStartOf(dayIn(now, brand.timeZone), keepPeriodOf(level));
  const fromRank = current?.rank ?? 0;
  const previousHighest = current?.highestRank ?? 0;
  await repository.saveMemberLevel(tx, {
    memberId,
    brandId: brand.id,
    rank: target,
    highestRank: Math.max(previousHighest, target),
    periodStart,
    at: now,
  });
  let from = fromRank;
  for (const crossed of levels) {
    if (crossed.rank <= fromRank || crossed.rank > target) continue;
    const reference =
      crossed.rank > previousHighest ? `up:${crossed.rank}` : `up:${crossed.rank}:${periodStart}`;
    await repository.insertLevelChange(tx, {
      brandId: brand.id,
      memberId,
      fromRank: from,
      toRank: crossed.rank,
      reason: 'promotion',
      reference,
      createdAt: now,
    });
    from = crossed.rank;
  }
  await payLevelUpBonuses(deps, tx, promotion, previousHighest);
};

/**
 * The levels a member may be raised to. Lifetime figures only grow, so a member lowered by the review would
 * reach the lost level again at once: a level held before (up to the highest rank) is reached again only by
 * also meeting its keep requirement within the keep period running now.
 */
const reachableLevels = async (
  tx: Transaction,
  batch: LoyaltyBatch,
  levels: readonly VipLevelRow[],
  current: MemberLevelRow | undefined,
): Promise<VipLevelRow[]> => {
  if (!current || current.highestRank <= current.rank) return [...levels];
  const figures = await repository.figuresBetween(tx, current.memberId, current.periodStart, '9999-12-31');
  // The batch's own days are written after the consumers: added here.
  for (const day of batch.days.values()) {
    if (day.memberId !== current.memberId || day.day < current.periodStart) continue;
    figures.deposit += day.deposit;
    figures.validBet += day.validBet;
  }
  return levels.filter(
    (level) =>
      level.rank > current.highestRank ||
      level.rank <= current.rank ||
      (figures.deposit >= level.keepDeposit && figures.validBet >= level.keepValidBet),
  );
};

/**
 * The fold's VIP consumer: raises every member of the batch whose lifetime deposit and valid bet (the batch's
 * figures, the batch included) reach a higher level, possibly several levels at once. It runs in
 * the fold's transaction under its lock, and the level rows are locked, so a level is crossed once however
 * often or on however many instances the fold runs. Answers the members it raised.
 */
export const promoteMembers = async (
  deps: VipDependencies,
  tx: Transaction,
  batch: LoyaltyBatch,
): Promise<bigint[]> => {
  const totals = [...batch.members.values()];
  if (totals.length === 0) return [];
  const memberIds = totals.map((row) => row.memberId);
  const brandIds = [...new Set(totals.map((row) => row.brandId))];
  const levels = await repository.levelsOfBrands(tx, brandIds);
  // Most members of a batch stay on their level: only those whose figures reach a higher one are locked and read.
  const ranks = await repository.ranksOf(tx, memberIds);
  const candidates = totals.filter((row) => {
    const ofBrand = levels.filter((level) => level.brandId === row.brandId);
    return rankReached(ofBrand, row) > (ranks.get(row.memberId) ?? 0);
  });
  if (candidates.length === 0) return [];
  const brands = new Map((await repository.brandsOf(tx, brandIds)).map((brand) => [brand.id, brand]));
  const current = new Map(
    (
      await repository.lockMemberLevels(
        tx,
        candidates.map((row) => row.memberId),
      )
    ).map((row) => [row.memberId, row]),
  );
  const promoted: bigint[] = [];
  for (const row of candidates) {
    const brand = brands.get(row.brandId);
    const existing = current.get(row.memberId);
    const ofBrand = await reachableLevels(
      tx,
      batch,
      levels.filter((level) => level.brandId === row.brandId),
      existing,
    );
    const target = rankReached(ofBrand, row);
    if (!brand || target <= (existing?.rank ?? 0)) continue;
    await promote(deps, tx, { brand, levels: ofBrand, memberId: row.memberId, current: existing, target });
    promoted.push(row.memberId);
  }
  return promoted;
};
