import type { SlotRound, SlotSpinRequest } from '@wps/contracts/house-games';
import { formatMinorUnits } from '@wps/contracts/money';
import type { Transaction } from '../../../db/database';
import { AppError } from '../../../http/app-error';
import { type HouseGame, insertHouseRound, recordHouseRoundCalls } from '../../games/house-rounds.service';
import { createFairIntegerStream } from '../fairness';
import type { JackpotRow } from '../jackpot.repository';
import type { JackpotKey } from '../jackpot.service';
import type { SeedPairRow } from '../seeds.service';
import { houseJackpotRules, houseSlot } from '../slot-definition';
import { playRound, type RoundOutcome } from '../slot-engine';
import * as repository from '../slot.repository';
import { lineCount, type SlotAmounts, slotAmountsOf } from './slot-amounts';
import type { SlotBrand, SlotMember, SlotServiceDependencies } from './slot-context';
import { requireSlotGame } from './slot-game';
import { jackpotKeyOf } from './slot-jackpot';
import { slotProofOf } from './slot-proof';
import { postSpinPayments } from './spin-payments';
import { isStoredRound, type StoredRound, toStoredRound } from './stored-spin';
import { slotFairnessGame } from './verify-slot-round';

/** A spin once its stake is checked against the bet levels: what its transaction plays. */
type SpinPlan = {
  member: SlotMember;
  currency: string;
  requestId: string;
  stake: bigint;
  amounts: SlotAmounts;
  game: HouseGame;
  jackpotKey: JackpotKey;
};

/** What the seeds gave at one nonce: the reels (free spins included) and the jackpot draw after them. */
type SpinDraw = { round: RoundOutcome; isJackpotHit: boolean; win: bigint; contribution: bigint };

/** The jackpot draw comes after the reels' on the same stream: `verifySlotRound` recomputes them in that order. */
const drawSpin = (pair: SeedPairRow, nonce: number, { stake, amounts }: SpinPlan): SpinDraw => {
  const next = createFairIntegerStream({ serverSeed: pair.serverSeed, clientSeed: pair.clientSeed, nonce });
  const round = playRound(houseSlot, next);
  return {
    round,
    isJackpotHit: BigInt(next(Number(amounts.oddsStake))) < stake,
    win: (stake / lineCount) * BigInt(round.units),
    contribution: (stake * BigInt(houseJackpotRules.contributionBasisPoints)) / 10_000n,
  };
};

/** A spin drawn in its transaction: the seeds and nonce it used, and what it won. */
type DrawnSpin = {
  pair: SeedPairRow;
  nonce: number;
  draw: SpinDraw;
  /** The jackpot row the win queued on; null when the draw missed. */
  jackpotRow: JackpotRow | null;
  /** The pool as the winner's transaction sees it plus this spin's share; 0 when the draw missed. */
  jackpotWin: bigint;
};

/**
 * Writes a drawn spin in its transaction: the round row with its proof, the postings, the round's calls, the
 * turnover and the spin row (its stored answer, which a retry answers again).
 */
const recordSpin = async (
  deps: SlotServiceDependencies,
  tx: Transaction,
  plan: SpinPlan,
  { pair, nonce, draw, jackpotRow, jackpotWin }: DrawnSpin,
): Promise<StoredRound> => {
  const { member, currency, requestId, stake, amounts, game, jackpotKey } = plan;
  const { win, contribution } = draw;
  const proof = slotProofOf(pair, nonce, { stake, oddsStake: amounts.oddsStake }, draw);
  const roundId = await insertHouseRound(tx, {
    brandId: member.brandId,
    memberId: member.id,
    game,
    roundRef: requestId,
    currency,
    betAmount: stake,
    winAmount: win + jackpotWin,
    details: proof,
  });
  const calls = await postSpinPayments(deps, tx, {
    member,
    currency,
    roundId,
    productLine: game.productLine,
    stake,
    contribution,
    win,
    jackpotKey,
    jackpot: jackpotRow ? { row: jackpotRow, win: jackpotWin, seed: amounts.seed } : null,
  });
  await recordHouseRoundCalls(
    tx,
    { roundId, brandId: member.brandId, memberId: member.id, vendorId: game.vendorId },
    calls,
  );
  const reference = `round:${roundId}`;
  await deps.turnover.recordValidBet(tx, {
    brandId: member.brandId,
    memberId: member.id,
    currency,
    amount: stake,
    reference,
    productLine: game.productLine,
  });
  // The jackpot was won exactly when the draw hit: lockForWin answers the row or throws.
  const stored = toStoredRound({
    ...draw,
    roundId,
    requestId,
    currency,
    exponent: amounts.exponent,
    stake,
    jackpotWin,
    proof,
  });
  await repository.insertSpin(tx, {
    brandId: member.brandId,
    memberId: member.id,
    requestId,
    roundId,
    seedPairId: pair.id,
    nonce,
    currency,
    stake,
    win,
    jackpotWin,
    jackpotContribution: contribution,
    outcome: stored,
  });
  return stored;
};

/**
 * The spin's one transaction: the member's seed pair locked and its next nonce taken, the round drawn from
 * them, a jackpot win queued on its row, then everything written (`recordSpin`). A retry of a request already
 * played answers its stored spin instead.
 */
const playSpin = async (
  deps: SlotServiceDependencies,
  tx: Transaction,
  plan: SpinPlan,
): Promise<{ stored: unknown; isReplay: boolean }> => {
  const { seeds, jackpots } = deps;
  const { member, stake, jackpotKey } = plan;
  const pair = await seeds.lockActive(tx, member, slotFairnessGame);
  const existing = await repository.findSpinByRequest(tx, member.id, plan.requestId);
  if (existing) {
    if (existing.stake !== stake) throw new AppError('IDEMPOTENCY_CONFLICT');
    return { stored: existing.outcome, isReplay: true };
  }
  const nonce = await seeds.takeNonce(tx, pair);
  const draw = drawSpin(pair, nonce, plan);

  // A winner queues on the jackpot row before touching any balance, so winners are paid one at a time.
  const jackpotRow = draw.isJackpotHit ? await jackpots.lockForWin(tx, jackpotKey) : null;
  const jackpotWin = jackpotRow ? (await jackpots.poolBalance(tx, jackpotKey)) + draw.contribution : 0n;

  const stored = await recordSpin(deps, tx, plan, { pair, nonce, draw, jackpotRow, jackpotWin });
  return { stored, isReplay: false };
};

/**
 * A spin at one of the bet levels: the reels (and free spins, played at once, in the same round) and the
 * jackpot draw come from HMAC(server seed, client seed:nonce) in one transaction (`playSpin`); the answer
 * adds the member's playable balance (cash and an active bonus's balance) and the live jackpot after it. A retry with the same request id answers the
 * stored spin.
 */
export const spin = async (
  deps: SlotServiceDependencies,
  member: SlotMember,
  brand: SlotBrand,
  request: SlotSpinRequest,
): Promise<SlotRound> => {
  const { db, wallet, bonuses, jackpots } = deps;
  const currency = brand.currency;
  const [amounts, stake, game] = await Promise.all([
    slotAmountsOf(deps, currency),
    wallet.parseAmount(request.bet, currency, 'bet'),
    requireSlotGame(deps),
  ]);
  if (!amounts.betLevels.includes(stake)) {
    const message = 'Choose one of the bet levels.';
    throw new AppError('VALIDATION_FAILED', { message, issues: [{ field: 'bet', message }] });
  }
  const jackpotKey = jackpotKeyOf(brand);
  await jackpots.ensure(jackpotKey, amounts.seed);
  const plan: SpinPlan = { member, currency, requestId: request.requestId, stake, amounts, game, jackpotKey };

  const outcome = await db.transaction((tx) => playSpin(deps, tx, plan));

  if (!outcome.isReplay) wallet.notifyBalance(member.id);
  if (!isStoredRound(outcome.stored)) throw new Error('a stored spin has an unexpected shape');
  // What the member may stake next: cash and, while a bonus is active, the bonus balance.
  const owner = { brandId: member.brandId, memberId: member.id, currency };
  const [balance, jackpot] = await Promise.all([
    wallet.balance(member, currency).then((cash) => bonuses.playableBalance(db, owner, cash)),
    jackpots.current(jackpotKey),
  ]);
  return {
    ...outcome.stored,
    balance: formatMinorUnits(balance, amounts.exponent),
    jackpot,
    isReplay: outcome.isReplay,
  };
};
