import {
  type FishingBatchResult,
  fishingRefusalReasons,
  type FishingSession,
  type FishingShotResult,
} from '@wps/contracts/fishing';
import { formatMinorUnits } from '@wps/contracts/money';
import { z } from 'zod';
import type { FishingSessionRow } from './fishing.repository';
import { isRoomCode } from './fishing-rooms';

/** A fired shot as its batch row keeps it (amounts in minor units). */
const storedShotSchema = z.object({
  shotId: z.string(),
  fish: z.string(),
  multiplier: z.number().int(),
  power: z.number().int(),
  stake: z.string(),
  cost: z.string(),
  payout: z.string(),
  nonce: z.number().int(),
  killed: z.boolean(),
  draw: z.number().int(),
  bound: z.number().int(),
});
export type StoredShot = z.infer<typeof storedShotSchema>;

/** What a batch row keeps of its answer: what changes later (balance, session totals) is read again. */
export const storedBatchSchema = z.object({
  shots: z.array(storedShotSchema),
  refused: z.array(z.object({ shotId: z.string(), reason: z.enum(fishingRefusalReasons) })),
  seeds: z.object({ serverSeedHash: z.string(), clientSeed: z.string() }),
  rtpBasisPoints: z.number().int(),
});
export type StoredBatch = z.infer<typeof storedBatchSchema>;

export const toShotResult = (shot: StoredShot, exponent: number): FishingShotResult => {
  const format = (minor: string) => formatMinorUnits(BigInt(minor), exponent);
  return {
    shotId: shot.shotId,
    fish: shot.fish,
    multiplier: shot.multiplier,
    power: shot.power,
    stake: format(shot.stake),
    cost: format(shot.cost),
    nonce: shot.nonce,
    killed: shot.killed,
    payout: format(shot.payout),
  };
};

export const toBatchResult = (
  batch: { sessionId: bigint; batchId: string; staked: bigint; won: bigint; stored: StoredBatch },
  session: Pick<FishingSessionRow, 'shots' | 'staked' | 'won'>,
  balance: bigint,
  exponent: number,
  isReplay: boolean,
): FishingBatchResult => {
  const format = (minor: bigint) => formatMinorUnits(minor, exponent);
  return {
    sessionId: batch.sessionId.toString(),
    batchId: batch.batchId,
    shots: batch.stored.shots.map((shot) => toShotResult(shot, exponent)),
    refused: batch.stored.refused,
    staked: format(batch.staked),
    won: format(batch.won),
    seeds: batch.stored.seeds,
    session: { shots: session.shots, staked: format(session.staked), won: format(session.won) },
    balance: format(balance),
    isReplay,
  };
};

export const toSession = (
  row: FishingSessionRow,
  seeds: FishingSession['seeds'],
  balance: bigint,
  exponent: number,
): FishingSession => {
  const format = (minor: bigint) => formatMinorUnits(minor, exponent);
  const room = row.room;
  if (!isRoomCode(room)) throw new Error(`fishing session ${row.id} is in an unknown room ${room}`);
  return {
    sessionId: row.id.toString(),
    room,
    status: row.status === 'open' ? 'OPEN' : 'CLOSED',
    currency: row.currency,
    shots: row.shots,
    staked: format(row.staked),
    won: format(row.won),
    openedAt: row.openedAt.toISOString(),
    closedAt: row.closedAt?.toISOString() ?? null,
    roundId: row.gameRoundId?.toString() ?? null,
    seeds,
    balance: format(balance),
  };
};
