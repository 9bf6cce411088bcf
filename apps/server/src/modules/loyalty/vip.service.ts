import type { SetMemberVipLevelBody, VipLevelBody, VipLevelName } from '@wps/contracts/loyalty-vip';
import type { Executor, Transaction } from '../../db/database';
import type { AuditActor } from '../audit/audit.service';
import type { LoyaltyBatch } from './fold/fold-types';
import { deleteVipLevel, listVipLevels, saveVipLevel } from './vip/manage-levels';
import { getPlayerRank, readVipLevelIcon } from './vip/player-rank';
import { promoteMembers } from './vip/promote-members';
import { reviewVipLevels } from './vip/review-levels';
import { setMemberVipLevel } from './vip/set-member-level';
import type { VipDependencies } from './vip/vip-types';
import * as repository from './vip.repository';

export { reviewVipLevelsJobName } from './vip/review-levels';
export type { VipDependencies } from './vip/vip-types';

type Member = { id: bigint; brandId: bigint };
type Brand = { id: bigint; currency: string; timeZone: string };

/** A member's level as the header shows it. */
export type VipBadge = { rank: number; name: VipLevelName };

/** A VIP level's own withdrawal limits; null where the level keeps the brand's. */
export type VipWithdrawalLimits = { dailyCount: number | null; dailyAmount: bigint | null };

/**
 * VIP levels: promotion as the fold brings deposits and bets, the periodic review (keep requirement, monthly
 * bonus), the member's rank page and the operator's levels. Other modules read a member's level through `rankOf`,
 * `badgeOf` and `withdrawalLimitsOf`.
 */
export const createVipService = (deps: VipDependencies) => ({
  /** The fold consumer. */
  promote: (tx: Transaction, batch: LoyaltyBatch) => promoteMembers(deps, tx, batch),
  review: (now: Date = deps.now()) => reviewVipLevels(deps, now),
  playerRank: (member: Member, brand: Brand) => getPlayerRank(deps, member, brand),
  /** A level's icon upload (row and bytes); NOT_FOUND without one or on another brand. */
  levelIcon: (brandId: bigint, levelId: bigint) => readVipLevelIcon(deps, brandId, levelId),
  listLevels: (brand: Brand) => listVipLevels(deps, brand),
  createLevel: (actor: AuditActor, brand: Brand, body: VipLevelBody) =>
    saveVipLevel(deps, actor, brand, null, body),
  updateLevel: (actor: AuditActor, brand: Brand, id: bigint, body: VipLevelBody) =>
    saveVipLevel(deps, actor, brand, id, body),
  deleteLevel: (actor: AuditActor, brand: Brand, id: bigint) => deleteVipLevel(deps, actor, brand, id),
  setMemberLevel: (actor: AuditActor, brand: Brand, body: SetMemberVipLevelBody) =>
    setMemberVipLevel(deps, actor, brand, body),
  /** The member's rank (0 without a level row). */
  rankOf: async (memberId: bigint, executor: Executor = deps.db): Promise<number> =>
    (await repository.findMemberLevel(executor, memberId))?.rank ?? 0,
  /** The member's level for the header; null when the brand has no levels. */
  badgeOf: async (member: Member): Promise<VipBadge | null> => {
    const [row, levels] = await Promise.all([
      repository.findMemberLevel(deps.db, member.id),
      repository.listLevels(deps.db, member.brandId),
    ]);
    if (levels.length === 0) return null;
    const rank = row?.rank ?? 0;
    const level = levels.find((candidate) => candidate.rank === rank);
    return { rank, name: level?.name ?? { en: `VIP ${rank}` } };
  },
  /** The withdrawal limits of the member's level, read in the caller's transaction. */
  withdrawalLimitsOf: async (executor: Executor, member: Member): Promise<VipWithdrawalLimits> => {
    const rank = (await repository.findMemberLevel(executor, member.id))?.rank ?? 0;
    const level = (await repository.listLevels(executor, member.brandId)).find((row) => row.rank === rank);
    return {
      dailyCount: level?.dailyWithdrawalCount ?? null,
      dailyAmount: level?.dailyWithdrawalAmount ?? null,
    };
  },
});

export type VipService = ReturnType<typeof createVipService>;
