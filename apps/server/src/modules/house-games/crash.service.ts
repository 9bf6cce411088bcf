import { randomUUID } from 'node:crypto';
import type { CrashState, PlaceCrashBetRequest } from '@wps/contracts/crash';
import type { Database } from '../../db/database';
import type { JobScheduler } from '../../jobs/scheduler';
import type { HouseGame } from '../games/house-rounds.service';
import type { BonusService } from '../promotions/bonuses.service';
import type { LedgerService } from '../wallet/ledger.service';
import type { TurnoverService } from '../turnover/turnover.service';
import type { WalletService } from '../wallet/wallet.service';
import type { HashChain } from './crash-chain';
import { cashOut } from './crash/cash-out';
import type { CrashSettings } from './crash/crash-settings';
import { closeDriver, driveRounds } from './crash/crash-rounds';
import { readState, refreshState, subscribe } from './crash/crash-state';
import { currentBet } from './crash/current-bet';
import { createChain } from './crash/hash-chains';
import { placeBet } from './crash/place-bet';
import { verifyRound } from './crash/verify-round';

// app.ts wires the game from these; they live with the use cases in crash/.
export { crashSettingsOf, type CrashSettings } from './crash/crash-settings';
export { verifyCrashRound } from './crash/verify-round';

export type CrashMember = { id: bigint; brandId: bigint; type: number };
export type CrashBrand = { id: bigint; currency: string };
export type CrashListener = (state: CrashState) => void;

export type CrashServiceDependencies = {
  db: Database;
  ledger: LedgerService;
  wallet: WalletService;
  turnover: TurnoverService;
  /** The member's side of every stake, cash-out and refund: cash first, then the bonus balance. */
  bonuses: BonusService;
  settings: CrashSettings;
  clock?: () => number;
  onError?: (error: unknown) => void;
};

/** One service instance's own state, made once by `createCrashService` and shared by its use cases. */
export type CrashInstanceState = {
  instanceId: string;
  /** A start later than this after `starts_at` means nobody drove the round at its start: cancelled. */
  startGraceMs: number;
  /** Each chain's hashes, built from its seed once. */
  chains: Map<bigint, Promise<HashChain>>;
  /** This instance's open streams. */
  listeners: Set<CrashListener>;
  /** The state last told to the streams, with the key of the round and bets it was built from. */
  shownState: { cached: { key: string; state: Omit<CrashState, 'serverTime'> } | null };
  /** The catalogue entry, kept once found: a round under way settles even if the game is disabled meanwhile. */
  catalogue: { game: HouseGame | undefined };
  driver: {
    isClosed: boolean;
    /** The step under way, which closing waits for. */
    driving: Promise<void>;
    /** Until when this instance holds the lease (0: it does not); renewed once half of it has run. */
    heldUntil: number;
  };
};

/** What the use cases in crash/ receive: the dependencies with their defaults, and the instance's state. */
export type CrashContext = Required<CrashServiceDependencies> & CrashInstanceState;

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
 *
 * Each job is a use case in crash/ (`crash-rounds.ts` is the driver); this binds them to one context.
 */
export const createCrashService = ({
  clock = Date.now,
  onError = () => undefined,
  ...services
}: CrashServiceDependencies) => {
  const context: CrashContext = {
    ...services,
    clock,
    onError,
    instanceId: randomUUID(),
    startGraceMs: Math.max(1_000, services.settings.tickMs * 5),
    chains: new Map(),
    listeners: new Set(),
    shownState: { cached: null },
    catalogue: { game: undefined },
    driver: { isClosed: false, driving: Promise.resolve(), heldUntil: 0 },
  };

  return {
    drive: (): Promise<void> => driveRounds(context),
    /** Reads the round again when something changed (on any instance) and tells every open stream. */
    refresh: (): Promise<Omit<CrashState, 'serverTime'>> => refreshState(context),
    state: (): Promise<CrashState> => readState(context),
    placeBet: (member: CrashMember, brand: CrashBrand, request: PlaceCrashBetRequest) =>
      placeBet(context, member, brand, request),
    cashOut: (member: CrashMember, betIdText: string) => cashOut(context, member, betIdText),
    /** The member's bet on the latest round, if any. */
    currentBet: (member: CrashMember) => currentBet(context, member),
    /** Everything to check an ended round; a round still in play is not found (its hash is secret). */
    verify: (roundIdText: string) => verifyRound(context, roundIdText),
    /** Commits a new chain: its last hash is published before any round uses it. */
    createChain: (seed?: string) => createChain(context, seed),
    /** Every change of the shared state, already stamped with the server time. */
    subscribe: (listener: CrashListener): (() => void) => subscribe(context, listener),
    hasListeners: () => context.listeners.size > 0,
    /** Gives up the driver's lease (closing), so another instance takes over at once. */
    close: (): Promise<void> => closeDriver(context),
    instanceId: context.instanceId,
  };
};

export type CrashService = ReturnType<typeof createCrashService>;

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
