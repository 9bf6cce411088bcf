import type { FishingSession } from '@wps/contracts/fishing';
import type { Executor, Transaction } from '../../../db/database';
import { AppError } from '../../../http/app-error';
import {
  type HouseRoundCall,
  insertHouseRound,
  recordHouseRoundCalls,
} from '../../games/house-rounds.service';
import type { FishingContext, FishingMember } from './fishing-context';
import { requireFishingGame } from './fishing-game';
import * as repository from './fishing.repository';
import type { FishingSessionRow } from './fishing.repository';
import { storedBatchSchema } from './fishing-views';
import { sessionView } from './open-session';
import { fishingFairnessGame, shotVerifyPath } from './verify-shot';
import { isFishCode } from './fish-rules';

/** Calls per statement: a long session has thousands of batches, each a bet call and maybe a win call. */
const callsPerStatement = 1_000;
/** Idle sessions closed per run of the job (the rest on the next run). */
const idleSessionsPerRun = 100;

type SessionBatch = Awaited<ReturnType<typeof repository.listSessionBatches>>[number];

/** Each batch's postings as the round's calls: its bet and, when a fish died, its win. */
const callsOf = (session: FishingSessionRow, batches: readonly SessionBatch[]): HouseRoundCall[] =>
  batches.flatMap((batch) => {
    const key = `fishing:${session.id}:${batch.batchId}`;
    const bet: HouseRoundCall = {
      kind: 'bet',
      reference: `${key}:bet`,
      amount: batch.staked,
      ledgerTransactionId: batch.betTransactionId,
    };
    if (batch.winTransactionId === null) return [bet];
    const win: HouseRoundCall = {
      kind: 'win',
      reference: `${key}:win`,
      amount: batch.won,
      ledgerTransactionId: batch.winTransactionId,
    };
    return [bet, win];
  });

/** The round's proof: the session, and the fairness link of its last shot (every shot verifies the same way). */
const proofOf = async (executor: Executor, session: FishingSessionRow) => {
  const last = await repository.findLastBatch(executor, session.id);
  const stored = last ? storedBatchSchema.parse(last.result) : null;
  const shot = stored?.shots.at(-1);
  const verifyPath =
    stored && shot && isFishCode(shot.fish)
      ? shotVerifyPath({
          ...stored.seeds,
          nonce: shot.nonce,
          fish: shot.fish,
          power: shot.power,
          stake: BigInt(shot.stake),
          rtpBasisPoints: stored.rtpBasisPoints,
          recorded: { killed: shot.killed, draw: shot.draw, payout: BigInt(shot.payout) },
        })
      : null;
  return {
    game: fishingFairnessGame,
    sessionId: session.id.toString(),
    room: session.room,
    shots: session.shots,
    batches: session.batches,
    ...(stored ? { serverSeedHash: stored.seeds.serverSeedHash, clientSeed: stored.seeds.clientSeed } : {}),
    ...(verifyPath ? { verifyPath } : {}),
  };
};

/**
 * Closes a locked open session: with shots, one settled round of the betting record (bet = every shot's cost,
 * win = every payout, valid bet = the bet), its calls, and its stake counted on turnover; without, nothing but
 * the status. The round ref `fishing-<session>` is the member's once, so the round is never written twice.
 */
const closeLocked = async (
  context: FishingContext,
  tx: Transaction,
  session: FishingSessionRow,
): Promise<FishingSessionRow> => {
  const at = new Date(context.clock());
  if (session.shots === 0) return repository.markSessionClosed(tx, session.id, { gameRoundId: null, at });
  const game = await requireFishingGame(context, tx);
  const roundId = await insertHouseRound(tx, {
    brandId: session.brandId,
    memberId: session.memberId,
    game,
    roundRef: `fishing-${session.id}`,
    currency: session.currency,
    betAmount: session.staked,
    winAmount: session.won,
    details: await proofOf(tx, session),
  });
  const calls = callsOf(session, await repository.listSessionBatches(tx, session.id));
  const round = { roundId, brandId: session.brandId, memberId: session.memberId, vendorId: game.vendorId };
  for (let start = 0; start < calls.length; start += callsPerStatement) {
    await recordHouseRoundCalls(tx, round, calls.slice(start, start + callsPerStatement));
  }
  await context.turnover.recordValidBet(tx, {
    brandId: session.brandId,
    memberId: session.memberId,
    currency: session.currency,
    amount: session.staked,
    reference: `round:${roundId}`,
    productLine: game.productLine,
  });
  return repository.markSessionClosed(tx, session.id, { gameRoundId: roundId, at });
};

/** The member closes their session (again: the same answer); the betting record gets its round once. */
export const closeSession = async (
  context: FishingContext,
  member: FishingMember,
  sessionIdText: string,
): Promise<FishingSession> => {
  const sessionId = BigInt(sessionIdText);
  const { row, isClosedNow } = await context.db.transaction(async (tx) => {
    const session = await repository.findSession(tx, sessionId, member.id, true);
    if (!session) throw new AppError('NOT_FOUND');
    if (session.status === 'closed') return { row: session, isClosedNow: false };
    return { row: await closeLocked(context, tx, session), isClosedNow: true };
  });
  // The member's other pages read the balance and the records again.
  if (isClosedNow) context.wallet.notifyBalance(member.id);
  return sessionView(context, row, member);
};

/**
 * The idle job: closes open sessions without a batch for `idleMs`, each in its own transaction under its lock
 * (a batch that arrived meanwhile keeps its session open). One failing session does not stop the others.
 */
export const closeIdleSessions = async (context: FishingContext): Promise<void> => {
  const before = new Date(context.clock() - context.settings.idleMs);
  const idle = await repository.listIdleSessions(context.db, before, idleSessionsPerRun);
  for (const candidate of idle) {
    await context.db
      .transaction(async (tx) => {
        const session = await repository.findSession(tx, candidate.id, candidate.memberId, true);
        if (session?.status !== 'open' || session.lastActivityAt >= before) return;
        await closeLocked(context, tx, session);
      })
      .catch(context.onError);
  }
};
