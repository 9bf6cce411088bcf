import { createHash } from 'node:crypto';
import type { FishingBatchRequest, FishingBatchResult } from '@wps/contracts/fishing';
import type { Transaction } from '../../../db/database';
import { isDatabaseError, uniqueViolation } from '../../../db/database-errors';
import { AppError } from '../../../http/app-error';
import type { SeedPairRow } from '../seeds.service';
import { postBatchMoney } from './batch-payments';
import { decideShot } from './fish-rules';
import type { FishingBrand, FishingContext, FishingMember } from './fishing-context';
import { requireFishingGame } from './fishing-game';
import * as repository from './fishing.repository';
import type { FishingSessionRow } from './fishing.repository';
import { type FishingRoomRules, roomsFor } from './fishing-rooms';
import { coveredCount, type PlannedShot, planShots, stakeableBalance } from './plan-shots';
import { type StoredBatch, type StoredShot, storedBatchSchema, toBatchResult } from './fishing-views';
import { playableBalance } from './open-session';
import { fishingFairnessGame } from './verify-shot';

const hashRequest = (request: FishingBatchRequest): string =>
  createHash('sha256').update(JSON.stringify(request.shots)).digest('hex');

export type PlayedBatch = {
  session: Pick<FishingSessionRow, 'shots' | 'staked' | 'won'>;
  staked: bigint;
  won: bigint;
  stored: StoredBatch;
  currency: string;
  exponent: number;
  /** The playable balance after the batch; null for a replay (read again after the transaction). */
  balance: bigint | null;
};

type DecidedShots = Pick<StoredBatch, 'shots' | 'seeds'> & { seedPairId: bigint; firstNonce: number };

/** Decides the fired shots from the member's seed pair, nonces first … first + n − 1 in order. */
export const decideShotsFrom = (
  pair: Pick<SeedPairRow, 'id' | 'serverSeed' | 'serverSeedHash' | 'clientSeed' | 'nextNonce'>,
  room: FishingRoomRules,
  fired: readonly PlannedShot[],
): DecidedShots => {
  const firstNonce = pair.nextNonce;
  const shots = fired.map((shot, index): StoredShot => {
    const nonce = firstNonce + index;
    const fairSeeds = { serverSeed: pair.serverSeed, clientSeed: pair.clientSeed, nonce };
    const outcome = decideShot(fairSeeds, shot, room.rtpBasisPoints);
    return {
      shotId: shot.shotId,
      fish: shot.fish,
      multiplier: outcome.multiplier,
      power: shot.power,
      stake: shot.stake.toString(),
      cost: outcome.cost.toString(),
      payout: outcome.payout.toString(),
      nonce,
      killed: outcome.killed,
      draw: outcome.draw,
      bound: outcome.bound,
    };
  });
  const proof = { serverSeedHash: pair.serverSeedHash, clientSeed: pair.clientSeed };
  return { shots, seeds: proof, seedPairId: pair.id, firstNonce };
};

const decideShots = async (
  { seeds }: Pick<FishingContext, 'seeds'>,
  tx: Transaction,
  member: FishingMember,
  room: FishingRoomRules,
  fired: readonly PlannedShot[],
): Promise<DecidedShots> =>
  decideShotsFrom(
    await seeds.lockActiveTakingNonces(tx, member, fishingFairnessGame, fired.length),
    room,
    fired,
  );

/** A batch id played before: its stored answer for the same shots, IDEMPOTENCY_CONFLICT for others. */
const replay = async (
  tx: Transaction,
  batchId: bigint,
  session: FishingSessionRow,
  requestHash: string,
  exponent: number,
): Promise<PlayedBatch> => {
  const existing = await repository.findBatchById(tx, batchId);
  if (existing.requestHash !== requestHash) throw new AppError('IDEMPOTENCY_CONFLICT');
  const stored = storedBatchSchema.parse(existing.result);
  const { staked, won } = existing;
  return { session, staked, won, stored, currency: session.currency, exponent, balance: null };
};

/**
 * The batch's one transaction. Its first statement locks the session, takes shots from the member's allowance
 * (none for a batch id played before, which answers its stored result, or a closed session, which refuses) and
 * reads the member's cash; then the shots are checked (nothing moves when one is wrong: the transaction rolls
 * back, allowance included), the balance covers the longest run of shots from the first and the allowance at
 * most that many (what it gave beyond goes back; RATE_LIMITED or INSUFFICIENT_FUNDS when no shot is left), and
 * the fired shots are decided, posted, and written with the session's totals.
 */
const playBatch = async (
  context: FishingContext,
  tx: Transaction,
  member: FishingMember,
  sessionId: bigint,
  request: FishingBatchRequest,
): Promise<PlayedBatch> => {
  const { ledger, wallet, clock, settings } = context;
  const at = new Date(clock());
  const opening = {
    sessionId,
    memberId: member.id,
    batchId: request.batchId,
    requested: request.shots.length,
  };
  const opened = await repository.openBatch(tx, { ...opening, now: at }, settings.allowance);
  if (!opened) throw new AppError('NOT_FOUND');
  const { session, taken } = opened;
  const exponent = await ledger.getCurrencyExponent(session.currency);
  const requestHash = hashRequest(request);
  if (opened.existingBatchId !== null) {
    return replay(tx, opened.existingBatchId, session, requestHash, exponent);
  }
  if (session.status !== 'open') throw new AppError('FISHING_SESSION_CLOSED');
  const room = roomsFor(exponent).find((candidate) => candidate.code === session.room);
  if (!room) throw new AppError('GAME_UNAVAILABLE');
  const planned = planShots(room, request.shots, exponent);
  const game = await requireFishingGame(context, tx);

  const cash = await wallet.cashAccount(member, session.currency, tx);
  const balance = await stakeableBalance(context, tx, member, session.currency, opened.cash, planned);
  const covered = coveredCount(planned, balance);
  const allowed = Math.min(taken, covered);
  if (allowed === 0) throw new AppError(covered === 0 ? 'INSUFFICIENT_FUNDS' : 'RATE_LIMITED');
  if (taken > allowed) await repository.returnShots(tx, member.id, taken - allowed, settings.allowance);
  const fired = planned.slice(0, allowed);
  const refused = planned.slice(allowed).map((shot, index) => ({
    shotId: shot.shotId,
    reason: allowed + index < covered ? ('RATE_LIMITED' as const) : ('INSUFFICIENT_FUNDS' as const),
  }));

  const decided = await decideShots(context, tx, member, room, fired);
  const staked = decided.shots.reduce((sum, shot) => sum + BigInt(shot.cost), 0n);
  const won = decided.shots.reduce((sum, shot) => sum + BigInt(shot.payout), 0n);
  const money = { member, session, batchId: request.batchId, game, cashAccountId: cash.id, staked, won };
  const postings = await postBatchMoney(context, tx, money);
  const stored: StoredBatch = {
    shots: decided.shots,
    refused,
    seeds: decided.seeds,
    rtpBasisPoints: room.rtpBasisPoints,
  };
  const batch = {
    sessionId: session.id,
    batchId: request.batchId,
    requestHash,
    seedPairId: decided.seedPairId,
    firstNonce: decided.firstNonce,
    shotCount: fired.length,
    staked,
    won,
    ...postings,
    result: stored,
  };
  const totals = await repository.recordBatch(tx, batch, at);
  const { currency } = session;
  return { session: totals, staked, won, stored, currency, exponent, balance: balance - staked + won };
};

/** A batch as it arrives, with what needs no lock read beforehand (cached: costs nothing after the first). */
export type PreparedBatch = {
  member: FishingMember;
  brand: FishingBrand;
  sessionId: bigint;
  request: FishingBatchRequest;
  requestHash: string;
  exponent: number;
  cashAccountId: bigint;
  houseAccountId: bigint;
};

const prepareBatch = async (
  context: FishingContext,
  member: FishingMember,
  brand: FishingBrand,
  sessionIdText: string,
  request: FishingBatchRequest,
): Promise<PreparedBatch> => {
  const sessionId = BigInt(sessionIdText);
  // Read outside the transaction, the accounts are cached: the batch's own look-ups then cost nothing.
  const [cash, house, exponent] = await Promise.all([
    context.wallet.cashAccount(member, brand.currency),
    context.ledger.ensureSystemAccount(member.brandId, 'house', brand.currency),
    context.ledger.getCurrencyExponent(brand.currency),
  ]);
  const requestHash = hashRequest(request);
  return {
    member,
    brand,
    sessionId,
    request,
    requestHash,
    exponent,
    cashAccountId: cash.id,
    houseAccountId: house.id,
  };
};

/** The batch in a transaction of its own (`playBatch`). */
export const playAlone = async (context: FishingContext, prepared: PreparedBatch): Promise<PlayedBatch> => {
  const { member, sessionId, request } = prepared;
  const playOnce = () => context.db.transaction((tx) => playBatch(context, tx, member, sessionId, request));
  return playOnce().catch((error: unknown) => {
    // The same batch sent twice at once: the second waited for the session's lock, but its first statement
    // looked for the batch before the first one committed it; played again, it finds it and answers it.
    if (isDatabaseError(error, uniqueViolation, 'fishing_batches_session_batch_key')) return playOnce();
    if (error instanceof AppError && error.code === 'IDEMPOTENCY_CONFLICT') return playOnce();
    throw error;
  });
};

/**
 * A batch of shots of the member's open session (see `playBatch`), played by `play`: alone, or with other
 * members' batches arriving at the same time (fire-shots-batch.ts), with the same answer. The answer carries
 * each fired shot's outcome and nonce, the shots refused, the session's totals and the playable balance after
 * the batch; a retry of the batch answers the same shots and moves nothing. No balance push per batch (several
 * a second): the page shows the answer's balance, and closing the session tells the member's other pages. The
 * session's currency is the brand's (it was opened in it).
 */
export const fireShots = async (
  context: FishingContext,
  play: (prepared: PreparedBatch) => Promise<PlayedBatch>,
  member: FishingMember,
  brand: FishingBrand,
  sessionIdText: string,
  request: FishingBatchRequest,
): Promise<FishingBatchResult> => {
  const prepared = await prepareBatch(context, member, brand, sessionIdText, request);
  const played = await play(prepared);
  const isReplay = played.balance === null;
  const balance = played.balance ?? (await playableBalance(context, context.db, member, played.currency));
  const batch = {
    sessionId: prepared.sessionId,
    batchId: request.batchId,
    staked: played.staked,
    won: played.won,
    stored: played.stored,
  };
  return toBatchResult(batch, played.session, balance, played.exponent, isReplay);
};
