import type { ClaimMissionResult } from '@wps/contracts/loyalty-missions';
import * as repository from '../missions.repository';
import { postPoints } from '../points/point-ledger';
import { periodAt } from './mission-periods';
import { toMemberMission } from './mission-summary';
import { missionNotClaimable, type MissionDependencies, type MissionOwner, textIn } from './mission-types';

/**
 * MCSFE_claimMission. On the locked progress row, once: the mission must be completed and not claimed. Cash and
 * bonus rewards are placed in the reward centre (the member takes the money there; a bonus carries its turnover
 * requirement); points are credited at once. Mission points count toward the brand's leaderboards of the claim's
 * day, week and month. A second claim (or a concurrent one, waiting on the lock) finds it claimed and is refused.
 */
export const claimMission = async (
  deps: MissionDependencies,
  owner: MissionOwner,
  key: { missionId: bigint; periodKey: string },
  lang: string | undefined,
): Promise<ClaimMissionResult> => {
  const { mission, claimed } = await deps.db.transaction(async (tx) => {
    const now = deps.now();
    const progress = await repository.lockProgress(tx, { ...key, memberId: owner.memberId });
    if (!progress || progress.brandId !== owner.brandId || !progress.completedAt || progress.claimedAt) {
      throw missionNotClaimable();
    }
    const mission = await repository.findMission(tx, owner.brandId, key.missionId);
    if (!mission) throw missionNotClaimable();
    const claimedRow = await repository.setClaimed(tx, progress, now);
    const reference = `mission:${mission.id}:${key.periodKey}`;
    if (mission.rewardKind === 'points') {
      await postPoints(deps.ledger, tx, {
        brandId: owner.brandId,
        memberId: owner.memberId,
        points: mission.rewardAmount,
        movement: 'points.mission',
        idempotencyKey: `${reference}:${owner.memberId}`,
        reference,
        memo: mission.title.en,
      });
    } else {
      await deps.rewards.create(tx, {
        brandId: owner.brandId,
        memberId: owner.memberId,
        currency: owner.currency,
        source: 'mission',
        promotionId: null,
        reference,
        title: textIn(mission.title, lang),
        amount: mission.rewardAmount,
        turnoverRequired:
          mission.rewardKind === 'bonus'
            ? mission.rewardAmount * BigInt(mission.rewardTurnoverMultiplier)
            : 0n,
      });
    }
    if (mission.missionPoints > 0) {
      const periodKeys: string[] = [];
      for (const kind of ['daily', 'weekly', 'monthly'] as const) {
        periodKeys.push((await periodAt(tx, kind, owner.timeZone, now)).key);
      }
      await repository.addMissionPoints(tx, {
        brandId: owner.brandId,
        memberId: owner.memberId,
        periodKeys,
        points: BigInt(mission.missionPoints),
        at: now,
      });
    }
    return { mission, claimed: claimedRow };
  });
  // Formatting reads the currency outside the transaction (one connection on PGlite).
  const view = await toMemberMission(
    { deps, currency: owner.currency, lang },
    mission,
    key.periodKey,
    claimed,
    null,
  );
  return { mission: view, placedIn: mission.rewardKind === 'points' ? 'points' : 'reward_centre' };
};
