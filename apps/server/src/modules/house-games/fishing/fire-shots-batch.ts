import type { Transaction } from '../../../db/database';
import { AppError } from '../../../http/app-error';
import type { GroupAnswer } from '../../../lib/group-commit';
import type { PostingRequest } from '../../wallet/ledger.service';
import { decideShotsFrom, type PlayedBatch, type PreparedBatch } from './fire-shots';
import type { FishingContext } from './fishing-context';
import { requireFishingGame } from './fishing-game';
import * as repository from './fishing.repository';
import type { GroupedBatch, OpenedBatch } from './fishing.repository';
import { type FishingRoomRules, roomsFor } from './fishing-rooms';
import type { StoredBatch } from './fishing-views';
import { type PlannedShot, planShots } from './plan-shots';
import { fishingFairnessGame } from './verify-shot';

/**
 * Why a group was not written: the batches (by position) that must be played alone, the others may go together
 * again; or `all`, every batch alone (a race, an error: each batch's own transaction tells what it was).
 */
class GroupDeclined extends Error {
  constructor(readonly alone: readonly number[] | 'all') {
    super('fishing group declined');
  }
}

/** A batch of the group that goes as it came: every shot fired, from cash, none refused. */
type PlannedBatch = { opened: OpenedBatch; room: FishingRoomRules; planned: PlannedShot[]; total: bigint };

/**
 * Whether the batch would be played alone exactly as written here: its open session in the brand's currency, not
 * a batch id played before, valid shots of a known room, every shot taken from the allowance and covered by cash,
 * and no active bonus (a bonus member keeps the bonus split of `postBatchMoney`). Null otherwise.
 */
const planOf = (
  prepared: PreparedBatch,
  opened: OpenedBatch | undefined,
  withBonus: ReadonlySet<string>,
): PlannedBatch | null => {
  const { member, brand, request, exponent } = prepared;
  if (!opened || opened.existingBatchId !== null || opened.session.status !== 'open') return null;
  if (opened.session.currency !== brand.currency || withBonus.has(`${member.id}:${brand.currency}`))
    return null;
  const room = roomsFor(exponent).find((candidate) => candidate.code === opened.session.room);
  if (!room) return null;
  let planned: PlannedShot[];
  try {
    planned = planShots(room, request.shots, exponent);
  } catch (error) {
    if (error instanceof AppError) return null;
    throw error;
  }
  const total = planned.reduce((sum, shot) => sum + shot.cost, 0n);
  if (opened.taken < planned.length || opened.cash < total) return null;
  return { opened, room, planned, total };
};

/**
 * The group's one transaction, as `playBatch` plays each batch: one statement locks the sessions (id order),
 * takes the shots from the allowances (member order) and reads the cash; one reads which members have an
 * active bonus; one takes every member's nonces; one writes the bet and win postings (one house shard for the
 * group), the batch rows and the sessions' totals. A batch that would not go as it came declines the group.
 */
const writeGroup = async (
  context: FishingContext,
  tx: Transaction,
  group: readonly PreparedBatch[],
): Promise<PlayedBatch[]> => {
  const { ledger, seeds, bonuses, settings, clock } = context;
  const at = new Date(clock());
  const openings = group.map(({ sessionId, member, request }) => ({
    sessionId,
    memberId: member.id,
    batchId: request.batchId,
    requested: request.shots.length,
  }));
  const opened = await repository.openBatches(tx, openings, at, settings.allowance);
  const game = await requireFishingGame(context, tx);
  const withBonus = await bonuses.activeBonusOwners(
    tx,
    group.map(({ member }) => member.id),
  );
  const plans: Array<PlannedBatch & { prepared: PreparedBatch }> = [];
  const alone: number[] = [];
  for (const [index, prepared] of group.entries()) {
    const plan = planOf(prepared, opened[index], withBonus);
    if (plan) plans.push({ ...plan, prepared });
    else alone.push(index);
  }
  if (alone.length > 0) throw new GroupDeclined(alone);

  const pairs = await seeds.lockActivesTakingNonces(
    tx,
    fishingFairnessGame,
    plans.map(({ prepared, planned }) => ({ member: prepared.member, count: planned.length })),
  );
  const batches = plans.map((plan, index) => {
    const pair = pairs[index];
    if (!pair) throw new GroupDeclined('all');
    const decided = decideShotsFrom(pair, plan.room, plan.planned);
    const won = decided.shots.reduce((sum, shot) => sum + BigInt(shot.payout), 0n);
    const stored: StoredBatch = {
      shots: decided.shots,
      refused: [],
      seeds: decided.seeds,
      rtpBasisPoints: plan.room.rtpBasisPoints,
    };
    return { ...plan, decided, won, stored };
  });

  const [lead] = plans;
  if (!lead) return [];
  // Every posting of the group on one shard of the house (picked by the first batch's key), as the vendor
  // wallet's group does: the group locks one house balance row, not one per batch.
  const keyOf = ({ sessionId, request }: PreparedBatch) => `fishing:${sessionId}:${request.batchId}`;
  const shardKey = keyOf(lead.prepared);
  const postingOf = (prepared: PreparedBatch, kind: 'bet' | 'win', amount: bigint): PostingRequest => {
    const paid = kind === 'bet' ? amount : -amount;
    return {
      brandId: prepared.member.brandId,
      idempotencyKey: `${keyOf(prepared)}:${kind}`,
      kind,
      legs: [
        { accountId: prepared.cashAccountId, amount: -paid },
        { accountId: prepared.houseAccountId, amount: paid },
      ],
      reference: `fishing:${prepared.sessionId}`,
      productLine: game.productLine,
      shardKey,
    };
  };
  // Every bet before every win, so a bet's entry shows the cash it left before any win paid.
  const bets = batches.map(({ prepared, total }) => postingOf(prepared, 'bet', total));
  const wins: PostingRequest[] = [];
  const rows = batches.map(({ prepared, planned, total, decided, won, stored }, index): GroupedBatch => {
    if (won > 0n) wins.push(postingOf(prepared, 'win', won));
    return {
      sessionId: prepared.sessionId,
      batchId: prepared.request.batchId,
      requestHash: prepared.requestHash,
      seedPairId: decided.seedPairId,
      firstNonce: decided.firstNonce,
      shotCount: planned.length,
      staked: total,
      won,
      result: stored,
      betOrdinal: index,
      winOrdinal: won > 0n ? bets.length + wins.length - 1 : -1,
      cashAccountId: prepared.cashAccountId,
    };
  });
  const written = await ledger.postBatchWithin([...bets, ...wins], undefined, (postings) =>
    repository.recordBatches(tx, postings, rows, at),
  );
  // A bet above the cash at its posting (spent meanwhile elsewhere) is refused alone; its win must not cover it.
  if (written.lowestCashAfterBet !== null && written.lowestCashAfterBet < 0n) throw new GroupDeclined('all');

  return batches.map(({ prepared, opened: batch, total, won, stored }) => {
    const session = written.totals.get(prepared.sessionId);
    if (!session) throw new GroupDeclined('all');
    const { currency } = batch.session;
    const balance = batch.cash - total + won;
    return { session, staked: total, won, stored, currency, exponent: prepared.exponent, balance };
  });
};

/**
 * Batches of different members of one brand played in ONE transaction (`writeGroup`), each answered as
 * `playBatch` would have answered it alone. Nothing is written when a batch would not go as it came (a replay,
 * a closed session, shots refused or cut by the allowance or the cash, an active bonus, an unknown room, an
 * invalid shot) or anything fails: the answer then names the batches to play alone.
 */
export const playGroup = async (
  context: FishingContext,
  group: readonly PreparedBatch[],
): Promise<GroupAnswer<PlayedBatch>> => {
  const [first] = group;
  if (!first || group.some(({ member }) => member.brandId !== first.member.brandId)) return { alone: 'all' };
  try {
    return { results: await context.db.transaction((tx) => writeGroup(context, tx, group)) };
  } catch (error) {
    return { alone: error instanceof GroupDeclined ? error.alone : 'all' };
  }
};
