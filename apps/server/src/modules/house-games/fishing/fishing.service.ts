import type { FishingBatchRequest, OpenFishingSessionRequest } from '@wps/contracts/fishing';
import type { JobScheduler } from '../../../jobs/scheduler';
import { closeIdleSessions, closeSession } from './close-session';
import { fireShots, playAlone, type PreparedBatch } from './fire-shots';
import { createGroupCommit } from '../../../lib/group-commit';
import { playGroup } from './fire-shots-batch';
import {
  defaultFishingSettings,
  type FishingBrand,
  type FishingContext,
  type FishingMember,
  type FishingServiceDependencies,
} from './fishing-context';
import { describeRooms, openSession } from './open-session';
import { proveShot } from './shot-proof';

// house-games.module.ts registers the verifier from here.
export { fishingFairnessGame, verifyFishingShot } from './verify-shot';
export type { FishingServiceDependencies, FishingSettings } from './fishing-context';

/**
 * The fishing game. A session is one round of the betting record, opened in a room (by stake size):
 *
 * - The client draws the fish and the bullets; every bullet that hits a fish is a shot, sent in batches (every
 *   250 ms or so, up to 20 shots, each with its own id, fish kind, power and stake). The server decides each
 *   shot from the member's seed pair and its own nonce (`decideShot`: killed when a fair draw below
 *   multiplier × 10 000 is below the RTP in basis points, paying stake × power × multiplier).
 * - One transaction per batch under the session's row lock: one bet posting (the costs) and at most one win
 *   posting (the payouts) under `fishing:<session>:<batch>:bet|win`; the batch row keeps its answer, so a retry
 *   of the batch answers the same shots and moves nothing. Batches of different members arriving together are
 *   written in one transaction (fire-shots-batch.ts, `batchShots`), each with the answer it would have alone.
 *   The balance covers the longest run of shots from the first (stakes only); the rest of the batch is refused
 *   (INSUFFICIENT_FUNDS when none is covered).
 * - Every player's shot rate is a token bucket on PostgreSQL (10 a second, 20 in reserve, by default), taken in
 *   the batch's transaction, so concurrent batches on any instance never exceed it (RATE_LIMITED when empty).
 * - Closing (the member, or the idle job after `idleMs`) writes the round once: bet and win totals, valid bet =
 *   the bet, a call per posting, and the stake on turnover.
 *
 * Each job is a use case in fishing/; this binds them to one context.
 */
export const createFishingService = ({
  clock = Date.now,
  onError = () => undefined,
  settings,
  ...services
}: FishingServiceDependencies) => {
  const context: FishingContext = {
    ...services,
    clock,
    onError,
    settings: { ...defaultFishingSettings, ...settings },
    catalogue: { game: undefined, checkedAt: 0 },
  };
  const firing = createGroupCommit({
    writeAlone: (prepared: PreparedBatch) => playAlone(context, prepared),
    writeGroup: (group: readonly PreparedBatch[]) => playGroup(context, group),
    // A lone batch through the group's statements: 6 round trips where `playAlone` takes about 12.
    groupsOfOne: true,
  });
  const play = context.settings.batchShots
    ? firing.write
    : (prepared: PreparedBatch) => playAlone(context, prepared);
  return {
    rooms: (brand: FishingBrand) => describeRooms(context, brand),
    open: (member: FishingMember, brand: FishingBrand, request: OpenFishingSessionRequest) =>
      openSession(context, member, brand, request),
    fire: (member: FishingMember, brand: FishingBrand, sessionId: string, request: FishingBatchRequest) =>
      fireShots(context, play, member, brand, sessionId, request),
    /** How batches were played so far (groups and their batches, groups declined, batches alone). */
    firingCounts: () => firing.counts(),
    close: (member: FishingMember, sessionId: string) => closeSession(context, member, sessionId),
    closeIdle: () => closeIdleSessions(context),
    proveShot: (member: FishingMember, sessionId: string, shotId: string) =>
      proveShot(context, member, sessionId, shotId),
    idleCheckMs: context.settings.idleCheckMs,
  };
};

export type FishingService = ReturnType<typeof createFishingService>;

export const closeIdleFishingJobName = 'fishing.close-idle';

/** The idle job on every instance (each session is closed once, under its row lock). */
export const scheduleFishing = (scheduler: JobScheduler, fishing: FishingService): void => {
  scheduler.every(closeIdleFishingJobName, fishing.idleCheckMs, fishing.closeIdle);
};
