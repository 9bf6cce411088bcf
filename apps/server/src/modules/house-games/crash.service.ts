import { randomUUID } from 'node:crypto';
import { isTrialType } from '@wps/contracts/auth';
import {
  type CrashMyBet,
  type CrashPhase,
  type CrashState,
  type CrashVerification,
  type PlaceCrashBetRequest,
  crashGrowthPerMs,
  elapsedToReach,
  formatMultiplier,
  maxCrashHundredths,
  minAutoCashOutHundredths,
  multiplierAt,
  parseMultiplier,
  payoutOf,
} from '@wps/contracts/crash';
import { houseGamePaths } from '@wps/contracts/house-games-rules';
import type { AppConfig } from '../../config';
import type { Database, Executor } from '../../db/database';
import type { JobScheduler } from '../../jobs/scheduler';
import { AppError } from '../../http/app-error';
import { maskAccountName } from '../games/catalogue.service';
import {
  type HouseGame,
  insertHouseRound,
  recordHouseRoundCalls,
  requireHouseGame,
} from '../games/house-rounds.service';
import type { LedgerService } from '../wallet/ledger.service';
import type { TurnoverService } from '../turnover/turnover.service';
import type { WalletService } from '../wallet/wallet.service';
import {
  buildHashChain,
  crashDigestOf,
  crashPointOf,
  createChainSeed,
  type HashChain,
  hashIndexOfRound,
  linksTo,
  sha256Hex,
} from './crash-chain';
import * as repository from './crash.repository';
import type { BetRow, ChainRow, RoundRow } from './crash.repository';

/** The crash game in the catalogue: the house vendor's game, shown with the RNG games (mini games). */
export const crashGame = {
  vendorCode: 'HOUSE',
  gameCode: 'CRASH',
  name: 'Crash',
  classify: 'ARCADE',
} as const;
/** The site's crash page (`houseGamePaths` of contracts). */
const crashPagePath = houseGamePaths.CRASH ?? '/house/crash';
/** Public, fixed per chain with its commitment: the HMAC key turning round hashes into crash points. */
export const crashSalt = 'wps-crash-v1';
const leaseName = 'crash';
const historyLength = 20;
const shownBets = 100;

export type CrashSettings = {
  bettingMs: number;
  pauseMs: number;
  tickMs: number;
  leaseMs: number;
  chainLength: number;
  houseEdgeBasisPoints: number;
};

export type CrashMember = { id: bigint; brandId: bigint; type: number };
export type CrashBrand = { id: bigint; currency: string };

type Listener = (state: CrashState) => void;

const phaseOf: Record<RoundRow['status'], CrashPhase> = {
  betting: 'BETTING',
  running: 'RUNNING',
  crashed: 'CRASHED',
  cancelled: 'CANCELLED',
};
const betStatusOf = { placed: 'PLACED', cashed: 'CASHED', lost: 'LOST', refunded: 'REFUNDED' } as const;

const isEnded = (round: RoundRow): boolean => round.status === 'crashed' || round.status === 'cancelled';

const findConstraint = (error: unknown): string | undefined => {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current instanceof Error; depth += 1) {
    const fields = current as Error & { code?: unknown; constraint?: unknown };
    if (fields.code === '23505' && typeof fields.constraint === 'string') return fields.constraint;
    current = current.cause;
  }
  return undefined;
};

const parseId = (value: string): bigint | null =>
  /^[1-9][0-9]{0,18}$/.test(value) && BigInt(value) <= 9_223_372_036_854_775_807n ? BigInt(value) : null;

/**
 * The crash game. Rounds are shared by every player and every instance; the database is their state.
 *
 * - One instance drives (holds the `crash_driver_leases` lease, renewed each tick): it creates each round
 *   with its chain hash, crash point and schedule (`starts_at`, `crash_at`) fixed up front, marks it running
 *   at its start, pays auto cash-outs as the multiplier passes their targets, and at `crash_at` ends it:
 *   placed bets whose target is at or below the crash point are paid their target, the rest lose. Every
 *   transition is a conditional update, so a stale driver can never repeat one.
 * - Any instance takes bets (round still betting and before `starts_at`, by its clock) and cash-outs (round
 *   running and before `crash_at`: stake × the multiplier at the server's elapsed time), each in one
 *   transaction with its ledger posting under its own key (`crash:bet:<round>:<member>`,
 *   `crash:cashout:<bet>`), so a bet never exists without its debit nor a cash-out be paid twice.
 * - A round whose start passed with nobody driving (the driver stopped during betting) is cancelled and its
 *   bets refunded (`crash:refund:<bet>`): no one could have cashed out of it.
 */
export const createCrashService = ({
  db,
  ledger,
  wallet,
  turnover,
  settings,
  clock = Date.now,
  onError = () => undefined,
}: {
  db: Database;
  ledger: LedgerService;
  wallet: WalletService;
  turnover: TurnoverService;
  settings: CrashSettings;
  clock?: () => number;
  onError?: (error: unknown) => void;
}) => {
  const instanceId = randomUUID();
  /** A start later than this after `starts_at` means nobody drove the round at its start: cancelled. */
  const startGraceMs = Math.max(1_000, settings.tickMs * 5);
  const chains = new Map<bigint, Promise<HashChain>>();
  const listeners = new Set<Listener>();
  let cachedState: { key: string; state: Omit<CrashState, 'serverTime'> } | null = null;
  /** The catalogue entry, kept once found: a round under way settles even if the game is disabled meanwhile. */
  let game: HouseGame | undefined;

  const now = () => new Date(clock());

  const chainOf = (chain: ChainRow): Promise<HashChain> => {
    let built = chains.get(chain.id);
    if (!built) {
      built = buildHashChain(chain.seed, chain.length);
      chains.set(chain.id, built);
    }
    return built;
  };

  /** The game when it is listed and enabled (GAME_NOT_FOUND or GAME_UNAVAILABLE otherwise). */
  const requireGame = async (executor: Executor = db): Promise<HouseGame> => {
    game = await requireHouseGame(executor, crashGame.vendorCode, crashGame.gameCode);
    return game;
  };
  const productLineOf = () => game?.productLine ?? 'RNG';

  /** Commits a new chain: its last hash is published before any round uses it. */
  const createChain = async (seed = createChainSeed()): Promise<ChainRow> => {
    const chain = await buildHashChain(seed, settings.chainLength);
    const row = await repository.insertChain(db, {
      seed,
      length: chain.length,
      commitment: chain.commitment,
      salt: crashSalt,
      houseEdgeBasisPoints: settings.houseEdgeBasisPoints,
    });
    chains.set(row.id, Promise.resolve(chain));
    return row;
  };

  /* ---- Money inside a transaction ---- */

  const houseAccount = (brandId: bigint, currency: string, executor: Executor) =>
    ledger.ensureSystemAccount(brandId, 'house', currency, '', { executor });

  /** Pays a placed bet at `multiplier`, once; answers the bet, or undefined when it was no longer placed. */
  const payCashOut = async (
    tx: Executor,
    bet: BetRow,
    multiplier: bigint,
    at: Date,
  ): Promise<BetRow | undefined> => {
    const payout = payoutOf(bet.amount, multiplier);
    const cashed = await repository.markBetCashed(tx, bet.id, multiplier, payout, at);
    if (!cashed) return undefined;
    const cash = await wallet.cashAccount({ id: bet.memberId, brandId: bet.brandId }, bet.currency, tx);
    const house = await houseAccount(bet.brandId, bet.currency, tx);
    const posting = await ledger.post(
      {
        brandId: bet.brandId,
        idempotencyKey: `crash:cashout:${bet.id}`,
        kind: 'win',
        legs: [
          { accountId: house.id, amount: -payout },
          { accountId: cash.id, amount: payout },
        ],
        reference: `crash:${bet.roundId}`,
        memo: `crash round ${bet.roundId} cashed out at ${formatMultiplier(multiplier)}`,
        productLine: productLineOf(),
      },
      { executor: tx },
    );
    await repository.setPayoutTransaction(tx, bet.id, posting.transactionId);
    return { ...cashed, payoutTransactionId: posting.transactionId };
  };

  const refundBet = async (tx: Executor, bet: BetRow, at: Date): Promise<void> => {
    if (!(await repository.markBetRefunded(tx, bet.id, at))) return;
    const cash = await wallet.cashAccount({ id: bet.memberId, brandId: bet.brandId }, bet.currency, tx);
    const house = await houseAccount(bet.brandId, bet.currency, tx);
    await ledger.post(
      {
        brandId: bet.brandId,
        idempotencyKey: `crash:refund:${bet.id}`,
        kind: 'bet.rollback',
        legs: [
          { accountId: house.id, amount: -bet.amount },
          { accountId: cash.id, amount: bet.amount },
        ],
        reference: `crash:${bet.roundId}`,
        memo: `crash round ${bet.roundId} cancelled`,
        productLine: productLineOf(),
      },
      { executor: tx },
    );
  };

  /**
   * Each bet of an ended round becomes a settled round in its member's betting record, with the round's
   * proof, its stake and payout calls, and its stake counted on turnover once. A cancelled round's bets were
   * refunded: they wagered nothing and stay out of the record (the account record shows both movements).
   */
  const writeRecords = async (tx: Executor, round: RoundRow, chain: ChainRow): Promise<void> => {
    if (round.status !== 'crashed') return;
    const bets = await repository.listRoundBets(tx, round.id);
    if (bets.length === 0) return;
    const recordGame = game ?? (await requireGame(tx).catch(() => undefined));
    if (!recordGame) {
      onError(new Error(`crash round ${round.id}: the game is not in the catalogue, no betting record`));
      return;
    }
    const proof = {
      game: 'crash',
      crashRoundId: round.id.toString(),
      chainId: chain.id.toString(),
      chainIndex: round.chainIndex,
      commitment: chain.commitment,
      salt: chain.salt,
      houseEdgeBasisPoints: chain.houseEdgeBasisPoints,
      hash: round.hash,
      crashPoint: formatMultiplier(round.crashPoint),
      // The crash page opens this round's proof (checked by the server and again in the browser).
      verifyPath: `${crashPagePath}?${new URLSearchParams({ verify: round.id.toString() }).toString()}`,
    };
    for (const bet of bets) {
      if (bet.status !== 'cashed' && bet.status !== 'lost') continue;
      const gameRoundId = await insertHouseRound(tx, {
        brandId: bet.brandId,
        memberId: bet.memberId,
        game: recordGame,
        roundRef: `crash-${round.id}`,
        currency: bet.currency,
        betAmount: bet.amount,
        winAmount: bet.payout,
        details: {
          ...proof,
          betId: bet.id.toString(),
          autoCashOut: bet.autoCashOut === null ? null : formatMultiplier(bet.autoCashOut),
          cashedOutAt: bet.cashedOutAt === null ? null : formatMultiplier(bet.cashedOutAt),
        },
      });
      await repository.setBetGameRound(tx, bet.id, gameRoundId);
      const calls = [];
      if (bet.betTransactionId !== null) {
        calls.push({
          kind: 'bet' as const,
          reference: `crash:bet:${round.id}:${bet.memberId}`,
          amount: bet.amount,
          ledgerTransactionId: bet.betTransactionId,
        });
      }
      if (bet.payoutTransactionId !== null) {
        calls.push({
          kind: 'win' as const,
          reference: `crash:cashout:${bet.id}`,
          amount: bet.payout,
          ledgerTransactionId: bet.payoutTransactionId,
        });
      }
      await recordHouseRoundCalls(
        tx,
        { roundId: gameRoundId, brandId: bet.brandId, memberId: bet.memberId, vendorId: recordGame.vendorId },
        calls,
      );
      await turnover.recordValidBet(tx, {
        brandId: bet.brandId,
        memberId: bet.memberId,
        currency: bet.currency,
        amount: bet.amount,
        reference: `round:${gameRoundId}`,
      });
    }
  };

  const notifyMembers = (memberIds: Iterable<bigint>) => {
    for (const memberId of new Set(memberIds)) wallet.notifyBalance(memberId);
  };

  /* ---- The driver ---- */

  const createNextRound = async (latest: RoundRow | undefined): Promise<void> => {
    let chain = await repository.findLatestChain(db);
    let index = chain ? (await repository.lastUsedIndex(db, chain.id)) + 1 : 1;
    if (!chain || index > chain.length) {
      chain = await createChain();
      index = 1;
    }
    if (latest && latest.chainId === chain.id && latest.chainIndex >= index) return;
    const hash = (await chainOf(chain)).hashAt(hashIndexOfRound(chain.length, index));
    const crashPoint = crashPointOf(hash, chain.salt, chain.houseEdgeBasisPoints);
    const startsAt = clock() + settings.bettingMs;
    await repository.insertRound(db, {
      chainId: chain.id,
      chainIndex: index,
      hash,
      crashPoint,
      startsAt: new Date(startsAt),
      crashAt: new Date(startsAt + elapsedToReach(crashPoint)),
    });
  };

  /** Ends a round whose crash time has come: auto cash-outs at or below the crash point paid, the rest lost. */
  const crashRound = async (roundId: bigint): Promise<void> => {
    const paid: bigint[] = [];
    await db.transaction(async (tx) => {
      const round = await repository.lockRound(tx, roundId, 'update');
      if (round?.status !== 'running') return;
      const at = now();
      if (!(await repository.moveRound(tx, round.id, 'running', 'crashed', at))) return;
      for (const bet of await repository.listPlacedBets(tx, round.id)) {
        if (bet.autoCashOut !== null && bet.autoCashOut <= round.crashPoint) {
          if (await payCashOut(tx, bet, bet.autoCashOut, at)) paid.push(bet.memberId);
        }
      }
      await repository.markPlacedBetsLost(tx, round.id, at);
      const chain = await repository.findChain(tx, round.chainId);
      if (!chain) throw new Error(`crash chain ${round.chainId} is missing`);
      await writeRecords(tx, { ...round, status: 'crashed' }, chain);
    });
    notifyMembers(paid);
  };

  /** A round nobody started in time: cancelled, every bet refunded. */
  const cancelRound = async (roundId: bigint): Promise<void> => {
    const refunded: bigint[] = [];
    await db.transaction(async (tx) => {
      const round = await repository.lockRound(tx, roundId, 'update');
      if (round?.status !== 'betting') return;
      const at = now();
      if (!(await repository.moveRound(tx, round.id, 'betting', 'cancelled', at))) return;
      for (const bet of await repository.listPlacedBets(tx, round.id)) {
        await refundBet(tx, bet, at);
        refunded.push(bet.memberId);
      }
    });
    notifyMembers(refunded);
  };

  const payAutoCashOuts = async (round: RoundRow, elapsedMs: number): Promise<number> => {
    const multiplier = BigInt(multiplierAt(elapsedMs));
    const due = await repository.listAutoCashOutsDue(db, round.id, multiplier);
    let paid = 0;
    for (const bet of due) {
      const target = bet.autoCashOut;
      if (target === null) continue;
      const cashed = await db.transaction(async (tx) => {
        const locked = await repository.lockRound(tx, round.id, 'share');
        if (locked?.status !== 'running') return undefined;
        return payCashOut(tx, bet, target, now());
      });
      if (cashed) {
        paid += 1;
        wallet.notifyBalance(bet.memberId);
      }
    }
    return paid;
  };

  let isClosed = false;
  let driving: Promise<void> = Promise.resolve();

  /** One step of the round state machine, when this instance holds the driver's lease. */
  /** Until when this instance holds the lease (0: it does not); renewed once half of it has run. */
  let heldUntil = 0;

  const holdLease = async (at: number): Promise<boolean> => {
    if (at < heldUntil - settings.leaseMs / 2) return true;
    const isHeld = await repository.claimLease(
      db,
      leaseName,
      instanceId,
      new Date(at),
      new Date(at + settings.leaseMs),
    );
    heldUntil = isHeld ? at + settings.leaseMs : 0;
    return isHeld;
  };

  const driveOnce = async (): Promise<void> => {
    if (isClosed) return;
    const at = clock();
    if (!(await holdLease(at))) return;
    const round = await repository.findLatestRound(db);
    let hasChanged = true;
    if (!round || isEnded(round)) {
      if (round?.endedAt && at < round.endedAt.getTime() + settings.pauseMs) return;
      await createNextRound(round);
    } else if (round.status === 'betting') {
      if (at >= round.startsAt.getTime() + startGraceMs) await cancelRound(round.id);
      else if (at >= round.startsAt.getTime()) await repository.moveRound(db, round.id, 'betting', 'running');
      else hasChanged = false;
    } else if (at >= round.crashAt.getTime()) {
      await crashRound(round.id);
    } else {
      hasChanged = (await payAutoCashOuts(round, at - round.startsAt.getTime())) > 0;
    }
    // Streams on this instance hear at once; the watcher covers changes made elsewhere.
    if (hasChanged) await refresh();
  };

  const drive = (): Promise<void> => {
    driving = driveOnce();
    return driving;
  };

  /* ---- Players ---- */

  const toMyBet = async (bet: BetRow): Promise<CrashMyBet> => ({
    betId: bet.id.toString(),
    roundId: bet.roundId.toString(),
    amount: await wallet.formatAmount(bet.amount, bet.currency),
    currency: bet.currency,
    autoCashOut: bet.autoCashOut === null ? null : formatMultiplier(bet.autoCashOut),
    status: betStatusOf[bet.status],
    cashedOutAt: bet.cashedOutAt === null ? null : formatMultiplier(bet.cashedOutAt),
    payout: bet.status === 'cashed' ? await wallet.formatAmount(bet.payout, bet.currency) : null,
  });

  const parseAutoCashOut = (text: string | null | undefined): bigint | null => {
    if (text === null || text === undefined || text === '') return null;
    const value = parseMultiplier(text);
    if (value === null || value < BigInt(minAutoCashOutHundredths) || value > maxCrashHundredths) {
      const message = `The auto cash-out is a multiplier from ${formatMultiplier(minAutoCashOutHundredths)} to ${formatMultiplier(maxCrashHundredths)}`;
      throw new AppError('VALIDATION_FAILED', { message, issues: [{ field: 'autoCashOut', message }] });
    }
    return value;
  };

  /**
   * A bet on the round in its betting phase: the round row read under a share lock, the member's record
   * round, the bet and its ledger debit in one transaction. Outside the betting phase: CRASH_BETTING_CLOSED.
   */
  const placeBet = async (
    member: CrashMember,
    brand: CrashBrand,
    request: PlaceCrashBetRequest,
  ): Promise<CrashMyBet> => {
    if (isTrialType(member.type)) throw new AppError('TRIAL_NOT_ALLOWED');
    const amount = await wallet.parseAmount(request.amount, brand.currency);
    const autoCashOut = parseAutoCashOut(request.autoCashOut);
    const crashGameRef = await requireGame();
    const latest = await repository.findLatestRound(db);
    if (latest?.status !== 'betting') throw new AppError('CRASH_BETTING_CLOSED');
    const bet = await db
      .transaction(async (tx) => {
        const round = await repository.lockRound(tx, latest.id, 'share');
        if (round?.status !== 'betting' || clock() >= round.startsAt.getTime()) {
          throw new AppError('CRASH_BETTING_CLOSED');
        }
        if (await repository.findMemberBet(tx, round.id, member.id)) throw new AppError('CRASH_ALREADY_BET');
        const cash = await wallet.cashAccount(member, brand.currency, tx);
        const house = await houseAccount(member.brandId, brand.currency, tx);
        const posting = await ledger.post(
          {
            brandId: member.brandId,
            idempotencyKey: `crash:bet:${round.id}:${member.id}`,
            kind: 'bet',
            legs: [
              { accountId: cash.id, amount: -amount },
              { accountId: house.id, amount },
            ],
            reference: `crash:${round.id}`,
            memo: `crash round ${round.id}`,
            productLine: crashGameRef.productLine,
          },
          { executor: tx },
        );
        return repository.insertBet(tx, {
          roundId: round.id,
          brandId: member.brandId,
          memberId: member.id,
          currency: brand.currency,
          amount,
          autoCashOut,
          betTransactionId: posting.transactionId,
        });
      })
      .catch((error: unknown) => {
        // Two bets of one member racing: the second meets the first's bet (or its ledger key).
        const constraint = findConstraint(error);
        const isKeyTaken = error instanceof AppError && error.code === 'IDEMPOTENCY_CONFLICT';
        if (constraint === 'crash_bets_round_member_key' || isKeyTaken) {
          throw new AppError('CRASH_ALREADY_BET');
        }
        throw error;
      });
    wallet.notifyBalance(member.id);
    void refresh().catch(onError);
    return toMyBet(bet);
  };

  /**
   * Cashes a bet out at the multiplier of the server's clock against the round's start, once: the round is
   * read under a share lock (the crash takes it exclusively), the bet moves placed → cashed by a conditional
   * update, and the payment carries the key `crash:cashout:<bet>`. A bet whose auto target was already passed
   * is paid its target, as the driver would have.
   */
  const cashOut = async (member: CrashMember, betIdText: string): Promise<CrashMyBet> => {
    const betId = parseId(betIdText);
    const bet = betId === null ? undefined : await repository.findBet(db, betId);
    if (bet?.memberId !== member.id) throw new AppError('NOT_FOUND');
    const cashed = await db.transaction(async (tx) => {
      const round = await repository.lockRound(tx, bet.roundId, 'share');
      if (!round) throw new AppError('NOT_FOUND');
      const at = clock();
      if (round.status !== 'running' || at >= round.crashAt.getTime()) {
        throw new AppError('CRASH_CASH_OUT_CLOSED');
      }
      const current = BigInt(multiplierAt(at - round.startsAt.getTime()));
      const target = bet.autoCashOut;
      const multiplier = target !== null && target <= current ? target : current;
      const result = await payCashOut(tx, bet, multiplier, new Date(at));
      if (!result) {
        const latest = await repository.findBet(tx, bet.id);
        throw new AppError(
          latest?.status === 'cashed' ? 'CRASH_ALREADY_CASHED_OUT' : 'CRASH_CASH_OUT_CLOSED',
        );
      }
      return result;
    });
    wallet.notifyBalance(member.id);
    void refresh().catch(onError);
    return toMyBet(cashed);
  };

  /** The member's bet on the latest round, if any. */
  const currentBet = async (member: CrashMember): Promise<CrashMyBet | null> => {
    const round = await repository.findLatestRound(db);
    const bet = round ? await repository.findMemberBet(db, round.id, member.id) : undefined;
    return bet ? toMyBet(bet) : null;
  };

  /* ---- What everybody sees ---- */

  const buildState = async (round: RoundRow | undefined): Promise<Omit<CrashState, 'serverTime'>> => {
    const [ended, bets, chainRow] = await Promise.all([
      repository.listEndedRounds(db, historyLength),
      round ? repository.listRoundBetsForDisplay(db, round.id, shownBets) : Promise.resolve([]),
      round ? repository.findChain(db, round.chainId) : repository.findLatestChain(db),
    ]);
    const revealed = round !== undefined && isEnded(round);
    return {
      growthPerMs: crashGrowthPerMs,
      round: round
        ? {
            roundId: round.id.toString(),
            chainId: round.chainId.toString(),
            chainIndex: round.chainIndex,
            phase: phaseOf[round.status],
            startsAt: round.startsAt.toISOString(),
            crashPoint: revealed ? formatMultiplier(round.crashPoint) : null,
            hash: revealed ? round.hash : null,
            endedAt: round.endedAt?.toISOString() ?? null,
          }
        : null,
      bets: await Promise.all(
        bets.map(async (bet) => ({
          betId: bet.id.toString(),
          player: maskAccountName(bet.username),
          amount: await wallet.formatAmount(bet.amount, bet.currency),
          currency: bet.currency,
          status: betStatusOf[bet.status],
          cashedOutAt: bet.cashedOutAt === null ? null : formatMultiplier(bet.cashedOutAt),
          payout: bet.status === 'cashed' ? await wallet.formatAmount(bet.payout, bet.currency) : null,
        })),
      ),
      history: ended.map((row) => ({
        roundId: row.id.toString(),
        phase: phaseOf[row.status],
        crashPoint: formatMultiplier(row.crashPoint),
        hash: row.hash,
        endedAt: row.endedAt?.toISOString() ?? null,
      })),
      chain: chainRow
        ? {
            chainId: chainRow.id.toString(),
            commitment: chainRow.commitment,
            salt: chainRow.salt,
            houseEdgeBasisPoints: chainRow.houseEdgeBasisPoints,
            length: chainRow.length,
          }
        : null,
    };
  };

  /** Reads the round again when something changed (on any instance) and tells every open stream. */
  const refresh = async (): Promise<Omit<CrashState, 'serverTime'>> => {
    const round = await repository.findLatestRound(db);
    const key = round
      ? `${round.id}:${round.status}:${await repository.fingerprintBets(db, round.id)}`
      : 'none';
    if (cachedState?.key === key) return cachedState.state;
    const state = await buildState(round);
    cachedState = { key, state };
    const stamped = { ...state, serverTime: now().toISOString() };
    for (const listener of listeners) listener(stamped);
    return state;
  };

  const state = async (): Promise<CrashState> => ({
    ...(await refresh()),
    serverTime: now().toISOString(),
  });

  /* ---- Verification ---- */

  /** Everything to check an ended round; a round still in play is not found (its hash is secret). */
  const verify = async (roundIdText: string): Promise<CrashVerification> => {
    const roundId = parseId(roundIdText);
    const round = roundId === null ? undefined : await repository.findRound(db, roundId);
    if (!round || !isEnded(round)) throw new AppError('NOT_FOUND');
    const chain = await repository.findChain(db, round.chainId);
    if (!chain) throw new AppError('NOT_FOUND');
    const previousHash =
      round.chainIndex === 1
        ? chain.commitment
        : ((await repository.findPreviousHash(db, chain.id, round.chainIndex)) ?? '');
    return {
      roundId: round.id.toString(),
      phase: phaseOf[round.status],
      chain: {
        chainId: chain.id.toString(),
        commitment: chain.commitment,
        salt: chain.salt,
        houseEdgeBasisPoints: chain.houseEdgeBasisPoints,
        length: chain.length,
      },
      chainIndex: round.chainIndex,
      hash: round.hash,
      previousHash,
      crashPoint: formatMultiplier(round.crashPoint),
      digest: crashDigestOf(round.hash, chain.salt),
      linksToPrevious: linksTo(round.hash, previousHash),
      crashPointMatches:
        crashPointOf(round.hash, chain.salt, chain.houseEdgeBasisPoints) === round.crashPoint,
      formula:
        'digest = HMAC-SHA256(key = salt, message = hash bytes); h = first 52 bits of digest; ' +
        'crash = min(1000000.00, max(1.00, floor((10000 − edgeBasisPoints) · 2^52 / (100 · (2^52 − h))) / 100)); ' +
        'sha256(hash bytes) = previousHash',
    };
  };

  return {
    drive,
    refresh,
    state,
    placeBet,
    cashOut,
    currentBet,
    verify,
    createChain,
    /** Every change of the shared state, already stamped with the server time. */
    subscribe: (listener: Listener): (() => void) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    hasListeners: () => listeners.size > 0,
    /** Gives up the driver's lease (closing), so another instance takes over at once. */
    close: async (): Promise<void> => {
      isClosed = true;
      await driving.catch(() => undefined);
      await repository.releaseLease(db, leaseName, instanceId).catch(onError);
    },
    instanceId,
  };
};

export type CrashService = ReturnType<typeof createCrashService>;

export const crashSettingsOf = (config: AppConfig): CrashSettings => ({
  bettingMs: config.CRASH_BETTING_MS,
  pauseMs: config.CRASH_PAUSE_MS,
  tickMs: config.CRASH_TICK_MS,
  leaseMs: config.CRASH_LEASE_MS,
  chainLength: config.CRASH_CHAIN_LENGTH,
  houseEdgeBasisPoints: config.CRASH_HOUSE_EDGE_BP,
});

/**
 * The driver's tick on every instance (only the lease holder acts), and a watcher that re-reads the shared
 * state for this instance's open streams, so changes made on other instances reach them too.
 */
export const scheduleCrashGame = (scheduler: JobScheduler, crash: CrashService, tickMs: number): void => {
  scheduler.every('crash.drive', tickMs, crash.drive);
  scheduler.every('crash.watch', Math.max(tickMs * 2, 250), async () => {
    if (crash.hasListeners()) await crash.refresh();
  });
};

/**
 * The crash game's verifier for the house games' verification page (registered under `crash`): the server
 * seed is the round's revealed hash, the client seed the chain's public salt; params `houseEdgeBasisPoints`
 * (default 100) and, optionally, `previousHash` (the round before's hash, or the chain's commitment).
 */
export const verifyCrashRound = ({
  serverSeed,
  clientSeed,
  params,
}: {
  serverSeed: string;
  clientSeed: string;
  nonce: number;
  params: Readonly<Record<string, string>>;
}): Record<string, unknown> => {
  if (!/^[0-9a-f]{64}$/.test(serverSeed)) {
    throw new AppError('VALIDATION_FAILED', { message: 'A crash round hash is 64 hex digits.' });
  }
  const edge = Number(params.houseEdgeBasisPoints ?? '100');
  if (!Number.isInteger(edge) || edge < 0 || edge >= 10_000) {
    throw new AppError('VALIDATION_FAILED', { message: 'houseEdgeBasisPoints is 0 to 9999.' });
  }
  const previousHash = params.previousHash;
  return {
    digest: crashDigestOf(serverSeed, clientSeed),
    crashPoint: formatMultiplier(crashPointOf(serverSeed, clientSeed, edge)),
    nextHashInChain: sha256Hex(serverSeed),
    ...(previousHash === undefined ? {} : { linksToPrevious: linksTo(serverSeed, previousHash) }),
  };
};
