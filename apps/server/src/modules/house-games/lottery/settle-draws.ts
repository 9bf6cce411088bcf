import type { Executor } from '../../../db/database';
import { AppError } from '../../../http/app-error';
import { settleHouseRounds } from '../../games/house-rounds.service';
import type { LedgerService } from '../../wallet/ledger.service';
import { findLotteryGame, type LotteryGameDefinition } from '../lottery.games';
import * as repository from '../lottery.repository';
import { payoutOf } from '../lottery.rules';
import { houseAccountOf } from './house-account';
import { catalogueGame } from './lottery-catalogue';
import type { LotteryContext } from './lottery-context';

/**
 * Settlement exactly once per draw: one claim per draw (a conditional update with a lease), pending bets
 * locked in chunks (skip locked), settled with set-based updates, and every win posted under
 * `lottery:<drawId>:<betId>:win`. A win returns the share of its line staked with bonus money to the member's
 * bonus balance (promotions' `splitWin`); the rest is cash.
 */

export type SettleDrawsDependencies = Pick<
  LotteryContext,
  'db' | 'ledger' | 'wallet' | 'bonuses' | 'caches' | 'settleChunkSize'
>;

const settleLeaseSeconds = 120;

type Win = {
  betId: bigint;
  memberId: bigint;
  currency: string;
  roundId: bigint | null;
  payout: bigint;
  /** The line's stake and the part of it that was bonus money (the win's bonus share follows it). */
  stake: bigint;
  bonusStaked: bigint;
};

/** The draw being settled and the accounts its wins move between, read once before its chunks. */
type Settlement = {
  drawId: bigint;
  brandId: bigint;
  game: LotteryGameDefinition;
  result: Record<string, unknown>;
  productLine: string;
  /** Members' cash accounts by `<memberId>:<currency>`. */
  cash: ReadonlyMap<string, bigint>;
  /** The house account by currency. */
  houses: ReadonlyMap<string, bigint>;
};

/** Members' cash accounts (read outside any transaction, so the ledger caches them for the postings). */
const cashAccountsOf = async (
  ledger: LedgerService,
  brandId: bigint,
  owners: ReadonlyArray<{ memberId: bigint; currency: string }>,
) => {
  const accounts = new Map<string, bigint>();
  for (const owner of owners) {
    const key = `${owner.memberId}:${owner.currency}`;
    if (accounts.has(key)) continue;
    accounts.set(key, (await ledger.ensureMemberAccount(brandId, owner.memberId, owner.currency)).id);
  }
  return accounts;
};

/**
 * Pays wins through the ledger in one batched statement (each win its own posting under
 * `lottery:<drawId>:<betId>:win`; a win already paid is a replay and moves nothing).
 */
const postWins = async (
  { ledger, bonuses }: Pick<SettleDrawsDependencies, 'ledger' | 'bonuses'>,
  executor: Executor,
  { brandId, drawId, productLine, cash, houses }: Settlement,
  wins: readonly Win[],
): Promise<void> => {
  if (wins.length === 0) return;
  const postings = [];
  for (const win of wins) {
    const member = cash.get(`${win.memberId}:${win.currency}`);
    const house = houses.get(win.currency);
    if (member === undefined || house === undefined) throw new Error(`no accounts for bet ${win.betId}`);
    // A line staked with cash only is all cash without a query; one with bonus money asks the bonus engine.
    const memberLegs = await bonuses.splitWin(
      executor,
      { brandId, memberId: win.memberId, currency: win.currency },
      member,
      { stake: win.stake, bonusStaked: win.bonusStaked, win: win.payout },
    );
    postings.push({
      brandId,
      idempotencyKey: `lottery:${drawId}:${win.betId}:win`,
      kind: 'win',
      productLine,
      reference: win.roundId === null ? `lottery-bet:${win.betId}` : `round:${win.roundId}`,
      legs: [{ accountId: house, amount: -win.payout }, ...memberLegs],
    });
  }
  await ledger.postBatch(brandId, postings, { executor });
};

/**
 * The takeover's re-posting of wins already decided (and paid in the transaction that decided them). A win
 * with a bonus share is split by the bonus's state now, which may differ from when it was paid (the bonus
 * since wagered or expired): the ledger then finds its key taken by another request, which proves it paid.
 */
const repostDecidedWins = async (
  deps: SettleDrawsDependencies,
  settlement: Settlement,
  wins: readonly Win[],
): Promise<void> => {
  const { db, settleChunkSize } = deps;
  const cashOnly = wins.filter((win) => win.bonusStaked === 0n);
  for (let start = 0; start < cashOnly.length; start += settleChunkSize) {
    await postWins(deps, db, settlement, cashOnly.slice(start, start + settleChunkSize));
  }
  for (const win of wins.filter((each) => each.bonusStaked > 0n)) {
    await postWins(deps, db, settlement, [win]).catch((error: unknown) => {
      if (!(error instanceof AppError && error.code === 'IDEMPOTENCY_CONFLICT')) throw error;
    });
  }
};

/**
 * Locks the next chunk of pending bets (skip locked: rows another settler holds are left to it), decides
 * them, updates them set-based with their rounds and pays their wins, all in one transaction, so a chunk is
 * decided and paid together or not at all. Answers null when the lease is lost or no pending bet is left.
 */
const settleNextChunk = (deps: SettleDrawsDependencies, settlement: Settlement) =>
  deps.db.transaction(async (tx) => {
    const { drawId, game, result } = settlement;
    if (!(await repository.claimSettlement(tx, drawId, settleLeaseSeconds, true))) return null;
    const bets = await repository.lockPendingBets(tx, drawId, deps.settleChunkSize);
    if (bets.length === 0) return null;
    const outcomes: Win[] = bets.map((bet) => ({
      betId: bet.id,
      memberId: bet.member_id,
      currency: bet.currency,
      roundId: bet.round_id,
      payout: payoutOf(game, result, {
        betType: bet.bet_type,
        numbers: bet.numbers,
        stations: bet.stations,
        unitStake: bet.unit_stake,
      }),
      stake: bet.stake,
      bonusStaked: bet.bonus_staked,
    }));
    await repository.settleBets(
      tx,
      outcomes.map((outcome) => ({ id: outcome.betId, payout: outcome.payout })),
    );
    const rounds: Array<{ roundId: bigint; winAmount: bigint }> = [];
    for (const outcome of outcomes) {
      if (outcome.roundId !== null) rounds.push({ roundId: outcome.roundId, winAmount: outcome.payout });
    }
    await settleHouseRounds(tx, rounds);
    const wins = outcomes.filter((outcome) => outcome.payout > 0n);
    await postWins(deps, tx, settlement, wins);
    return { count: bets.length, winners: wins.map((win) => win.memberId) };
  });

/**
 * Settles one drawn draw if this instance wins its claim (a conditional update with a lease), chunk by chunk
 * (see settleNextChunk). The ledger batch locks its balance rows in one ordered statement, so it cannot
 * deadlock with bets or other settlers. A settler taking over an expired lease re-posts the draw's decided
 * wins first (replays; kept as a guard). Answers the bets settled here.
 */
export const settleDraw = async (
  deps: SettleDrawsDependencies,
  drawId: bigint,
  takeover = false,
): Promise<number> => {
  const { db, ledger, wallet } = deps;
  const claimed = await repository.claimSettlement(db, drawId, settleLeaseSeconds, false);
  if (!claimed?.result) return 0;
  const game = findLotteryGame(claimed.gameCode);
  if (!game) return 0;
  const { result, brandId } = claimed;
  const productLine = (await catalogueGame(deps, game).catch(() => null))?.productLine ?? 'LOTT';
  // A takeover also pays (replays) decided wins, whose members may have no pending bet left.
  const decided = takeover ? await repository.listWonBets(db, drawId) : [];
  const owners = [...(await repository.listBettors(db, drawId)), ...decided];
  const cash = await cashAccountsOf(ledger, brandId, owners);
  const houses = new Map<string, bigint>();
  for (const currency of new Set(owners.map((owner) => owner.currency))) {
    houses.set(currency, await houseAccountOf(deps, brandId, currency));
  }
  const settlement: Settlement = { drawId, brandId, game, result, productLine, cash, houses };
  if (takeover) await repostDecidedWins(deps, settlement, decided);
  const paidMembers = new Set<bigint>();
  let settled = 0;
  for (;;) {
    const chunk = await settleNextChunk(deps, settlement);
    if (!chunk) break;
    settled += chunk.count;
    for (const member of chunk.winners) paidMembers.add(member);
  }
  await repository.markSettled(db, drawId);
  for (const member of paidMembers) wallet.notifyBalance(member);
  return settled;
};

/** Settles the drawn draws, and takes over those whose settler's lease expired. */
export const settleDueDraws = async (deps: SettleDrawsDependencies): Promise<number> => {
  let settled = 0;
  for (const row of await repository.listSettleableDraws(deps.db, 20)) {
    settled += await settleDraw(deps, row.id, row.status === 'settling');
  }
  return settled;
};
