import type {
  LeaderboardBody,
  LeaderboardStatus,
  MissionBody,
  MissionStatus,
} from '@wps/contracts/loyalty-missions';
import type { Transaction } from '../../db/database';
import type { LoyaltyBatch } from './fold/fold-types';
import { claimMission } from './missions/claim-mission';
import { followActivity } from './missions/follow-activity';
import { missionLeaderboards, payLeaderboards } from './missions/leaderboards';
import {
  changeLeaderboardStatus,
  createLeaderboard,
  listLeaderboardPayouts,
  listLeaderboards,
  updateLeaderboard,
} from './missions/manage-leaderboards';
import { changeMissionStatus, createMission, listMissions, updateMission } from './missions/manage-missions';
import { missionSummary } from './missions/mission-summary';
import type { MissionDependencies, MissionOwner, StaffActor } from './missions/mission-types';
import * as repository from './missions.repository';

export { payLeaderboardsJobName } from './missions/leaderboards';
export type { MissionOwner } from './missions/mission-types';

type Brand = { id: bigint; currency: string };

/**
 * Missions and leaderboards: progress follows the loyalty fold (`follow`, its consumer), members claim completed
 * missions (rewards go to the reward centre or the points ledger), leaderboards rank a period by mission points or
 * valid bet and their prizes are paid once when it ends (`payLeaderboards`, a job).
 */
export const createMissionService = (deps: MissionDependencies) => ({
  follow: (tx: Transaction, batch: LoyaltyBatch) => followActivity(tx, batch),
  summary: (owner: MissionOwner, lang?: string) => missionSummary(deps, owner, lang),
  unread: async (owner: MissionOwner) => ({ unread: await repository.countUnread(deps.db, owner.memberId) }),
  markSeen: async (owner: MissionOwner) => {
    await repository.markSeen(deps.db, owner.memberId, deps.now());
    return { unread: 0 };
  },
  claim: (owner: MissionOwner, key: { missionId: bigint; periodKey: string }, lang?: string) =>
    claimMission(deps, owner, key, lang),
  leaderboards: (owner: MissionOwner, query: { leaderboardId?: bigint; lang?: string }) =>
    missionLeaderboards(deps, owner, query),
  payLeaderboards: () => payLeaderboards(deps),
  admin: {
    listMissions: (brand: Brand) => listMissions(deps, brand),
    createMission: (actor: StaffActor, brand: Brand, body: MissionBody) =>
      createMission(deps, actor, brand, body),
    updateMission: (actor: StaffActor, brand: Brand, id: bigint, body: MissionBody) =>
      updateMission(deps, actor, brand, id, body),
    changeMissionStatus: (actor: StaffActor, brand: Brand, id: bigint, status: MissionStatus) =>
      changeMissionStatus(deps, actor, brand, id, status),
    listLeaderboards: (brand: Brand) => listLeaderboards(deps, brand),
    createLeaderboard: (actor: StaffActor, brand: Brand, body: LeaderboardBody) =>
      createLeaderboard(deps, actor, brand, body),
    updateLeaderboard: (actor: StaffActor, brand: Brand, id: bigint, body: LeaderboardBody) =>
      updateLeaderboard(deps, actor, brand, id, body),
    changeLeaderboardStatus: (actor: StaffActor, brand: Brand, id: bigint, status: LeaderboardStatus) =>
      changeLeaderboardStatus(deps, actor, brand, id, status),
    listPayouts: (brand: Brand) => listLeaderboardPayouts(deps, brand),
  },
});

export type MissionService = ReturnType<typeof createMissionService>;
