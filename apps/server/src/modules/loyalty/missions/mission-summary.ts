import type { MemberMission, MissionSummary } from '@wps/contracts/loyalty-missions';
import type { Executor } from '../../../db/database';
import * as repository from '../missions.repository';
import type { MissionRow, ProgressRow } from '../missions.repository';
import { missionPeriodOf, periodAt } from './mission-periods';
import { isAmountKind, type MissionDependencies, type MissionOwner, textIn } from './mission-types';

type ViewContext = {
  deps: Pick<MissionDependencies, 'wallet'>;
  currency: string;
  lang: string | undefined;
};

const statusOf = (progress: ProgressRow | null): MemberMission['status'] =>
  progress?.claimedAt ? 'claimed' : progress?.completedAt ? 'completed' : 'in_progress';

/** A mission in one period as the member sees it (amount kinds in the brand's currency, points as counts). */
export const toMemberMission = async (
  { deps, currency, lang }: ViewContext,
  mission: MissionRow,
  periodKey: string,
  progress: ProgressRow | null,
  periodEndsAt: Date | null,
): Promise<MemberMission> => {
  const done = progress?.progress ?? 0n;
  const shown = done < 0n ? 0n : done;
  const amountOf = (value: bigint) =>
    isAmountKind(mission.kind)
      ? deps.wallet.formatAmount(value, currency)
      : Promise.resolve(value.toString());
  const percent = Number(((shown >= mission.target ? mission.target : shown) * 100n) / mission.target);
  return {
    missionId: mission.id.toString(),
    periodKey,
    title: textIn(mission.title, lang),
    description: textIn(mission.description, lang),
    kind: mission.kind as MemberMission['kind'],
    cadence: mission.cadence as MemberMission['cadence'],
    progress: await amountOf(shown),
    target: await amountOf(mission.target),
    percent: progress?.completedAt ? 100 : Math.min(percent, 99),
    status: statusOf(progress),
    rewardKind: mission.rewardKind as MemberMission['rewardKind'],
    rewardAmount:
      mission.rewardKind === 'points'
        ? mission.rewardAmount.toString()
        : await deps.wallet.formatAmount(mission.rewardAmount, currency),
    missionPoints: mission.missionPoints,
    periodEndsAt: periodEndsAt?.toISOString() ?? null,
  };
};

/** When a mission's current period ends: the day or week of the brand's clock, or the mission's own end. */
const periodEnd = (mission: MissionRow, ends: { daily: Date; weekly: Date }): Date | null =>
  mission.cadence === 'daily' ? ends.daily : mission.cadence === 'weekly' ? ends.weekly : mission.endsAt;

/**
 * MCSFE_getMissionSummaryDetails: every live mission in its current period (not started shows 0), then earlier
 * periods completed and still unclaimed (their reward waits to be claimed), and the unread count.
 */
export const missionSummary = async (
  deps: Pick<MissionDependencies, 'db' | 'wallet' | 'now'>,
  owner: MissionOwner,
  lang: string | undefined,
  executor: Executor = deps.db,
): Promise<MissionSummary> => {
  const now = deps.now();
  const daily = await periodAt(executor, 'daily', owner.timeZone, now);
  const weekly = await periodAt(executor, 'weekly', owner.timeZone, now);
  const live = await repository.listLiveMissions(executor, owner.brandId, now);
  const progress = await repository.listMemberProgress(executor, owner.memberId);
  const context = { deps, currency: owner.currency, lang };
  const ends = { daily: daily.endsAt, weekly: weekly.endsAt };
  const current: MemberMission[] = [];
  const waiting: MemberMission[] = [];
  for (const mission of live) {
    const periodKey = missionPeriodOf(mission.cadence, daily, weekly);
    const own = progress.filter((row) => row.missionId === mission.id);
    const now = own.find((row) => row.periodKey === periodKey) ?? null;
    current.push(await toMemberMission(context, mission, periodKey, now, periodEnd(mission, ends)));
    for (const row of own) {
      if (row.periodKey === periodKey || !row.completedAt || row.claimedAt) continue;
      waiting.push(await toMemberMission(context, mission, row.periodKey, row, null));
    }
  }
  return {
    currency: owner.currency,
    missions: [...current, ...waiting],
    unread: await repository.countUnread(executor, owner.memberId),
  };
};
