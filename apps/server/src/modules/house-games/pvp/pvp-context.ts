import type { LRUCache } from 'lru-cache';
import type { Database, Executor } from '../../../db/database';
import type { ProtectionService } from '../../protection/protection.service';
import type { TurnoverService } from '../../turnover/turnover.service';
import type { LedgerService } from '../../wallet/ledger.service';
import type { WalletService } from '../../wallet/wallet.service';
import type { Card } from '../tables/shoe';

export type PvpMember = { id: bigint; brandId: bigint; username: string };
export type PvpBrand = { id: bigint; currency: string };

export type PvpSettings = {
  /** The turn timer: a player who has not acted by then is checked or folded. */
  turnMs: number;
  /** After a hand ends (its result on show) until the next is dealt. */
  pauseMs: number;
  /** Hands in a row the clock acted for a player before they are sat out. */
  missedHandsToSitOut: number;
  tickMs: number;
  leaseMs: number;
  /** A member's actions at every table: at most `actionsPerWindow` in `actionWindowMs`. */
  actionsPerWindow: number;
  actionWindowMs: number;
};

export const defaultPvpSettings: PvpSettings = {
  turnMs: 15_000,
  pauseMs: 4_000,
  missedHandsToSitOut: 2,
  tickMs: 250,
  leaseMs: 5_000,
  actionsPerWindow: 20,
  actionWindowMs: 5_000,
};

/** Points inside a hand's transactions where tests inject a failure (a process dying mid-write). */
export type PvpStep = 'settle.stacks' | 'settle.rake' | 'step.saved';

export type PvpServiceDependencies = {
  db: Database;
  ledger: LedgerService;
  wallet: WalletService;
  turnover: TurnoverService;
  /**
   * Player protection: no seat is taken or played again while the member is excluded (or out of session time),
   * and an excluded member's seat is not dealt in (their chips wait for them to leave).
   */
  protection: Pick<ProtectionService, 'assertCanPlay' | 'listPlayBlocked'>;
  settings?: Partial<PvpSettings>;
  clock?: () => number;
  onError?: (error: unknown) => void;
  afterStep?: (step: PvpStep, executor: Executor) => Promise<void>;
  /** A hand's fresh seeds (random; tests pick seeds whose deal they know). */
  drawSeeds?: (handNumber: number) => { serverSeed: string; clientSeed: string };
};

/** A stream of one table for one member (null: a visitor): handed each frame of its own. */
export type PvpListener = { memberId: bigint | null; send: (frame: string) => void; last: string };

export type PvpContext = Required<Omit<PvpServiceDependencies, 'settings'>> & {
  settings: PvpSettings;
  instanceId: string;
  driver: { isClosed: boolean; driving: Promise<void>; heldUntil: number };
  /** Called after a table changed (on this instance). */
  changed: (tableId: bigint) => void;
  listeners: Map<bigint, Set<PvpListener>>;
  /** Brands and currencies whose tables exist (made once per instance). */
  ensured: Set<string>;
  /** Shuffled decks by hand id: derived from the hand's seeds, so a cache miss only costs a shuffle. */
  decks: LRUCache<bigint, Card[]>;
};
