import type { LRUCache } from 'lru-cache';
import type { Database, Executor } from '../../../db/database';
import type * as repository from '../ledger.repository';

type PostingCteColumns = typeof repository.postingCteColumns & typeof repository.postingBatchCteColumns;

/**
 * What a statement embedding the ledger's CTEs reads of them: for each relation, columns the ledger publishes
 * (`postingCteColumns`, `postingBatchCteColumns`). A reader declares its reads with `satisfies`, so a column the
 * ledger stops publishing fails to compile there.
 */
export type PostingCteReads = {
  readonly [Relation in keyof PostingCteColumns]?: ReadonlyArray<PostingCteColumns[Relation][number]>;
};

export type LedgerAccount = {
  id: bigint;
  brandId: bigint;
  kind: string;
  currency: string;
  memberId: bigint | null;
  scope: string;
  mayGoNegative: boolean;
  shardCount: number;
};

/** Positive credits the account, negative debits it; minor units of the account's currency. */
export type LedgerLeg = { accountId: bigint; amount: bigint };

export type PostingRequest = {
  brandId: bigint;
  /** Unique per brand: the same key with the same request answers the original result. */
  idempotencyKey: string;
  /** What the movement is ('deposit', 'bet', 'win', 'transfer', …), for records and reports. */
  kind: string;
  legs: readonly LedgerLeg[];
  /** The caller's own id for what caused it ('withdrawal:42', a game round), for reconciliation. */
  reference?: string;
  memo?: string;
  /** The game product line of a bet, win or rebate (RNG, LIVE, …), for profit and loss by product. */
  productLine?: string;
  /**
   * Picks the shard of each sharded account instead of the idempotency key. Several postings of one round in
   * one database transaction (bet, win) given the same shard key lock the same shard rows, so two rounds
   * cannot each hold a shard the other one wants next (a deadlock). Not part of the request's hash.
   */
  shardKey?: string;
};

/** `balanceAfter` is the account's balance after the posting, or null for a sharded account. */
export type PostingEntry = { accountId: bigint; amount: bigint; balanceAfter: bigint | null };
export type PostingResult = { transactionId: bigint; isReplay: boolean; entries: PostingEntry[] };

/** A checked, hashed posting whose legs have not been given their shards yet. */
export type CheckedPosting = Omit<repository.NewPosting, 'legs'> & { legs: readonly LedgerLeg[] };

export type ReserveRequest = {
  brandId: bigint;
  idempotencyKey: string;
  /** The member's cash account the money is taken from. */
  accountId: bigint;
  amount: bigint;
  kind?: string;
  reference?: string;
  memo?: string;
};
export type HoldResult = { holdId: bigint; transactionId: bigint; isReplay: boolean };

export type SettleHoldRequest = { brandId: bigint; holdId: bigint; kind?: string; memo?: string };
export type PostHoldRequest = SettleHoldRequest & { destinationAccountId: bigint };
export type SettleResult = { holdId: bigint; transactionId: bigint; isReplay: boolean };

export type EntryPage = { limit?: number; beforeEntryId?: bigint };
export type AccountEntry = {
  entryId: bigint;
  transactionId: bigint;
  kind: string;
  amount: bigint;
  /** The balance of the entry's shard after it: the account's balance unless the account is sharded. */
  balanceAfter: bigint;
  reference: string | null;
  memo: string | null;
  createdAt: Date;
};

/**
 * Run inside the caller's database transaction, so the money moves together with the caller's own rows. A
 * refusal by the database (insufficient funds) then aborts the caller's transaction too, as it should.
 */
export type LedgerCallOptions = { executor?: Executor };

/** Points between the statements of an operation; tests inject faults there. */
export type LedgerStep =
  'reserve.posted' | 'reserve.held' | 'settle.locked' | 'settle.posted' | 'settle.marked';

export type LedgerServiceDependencies = {
  db: Database;
  /** Called after each statement of a multi-statement operation, inside its transaction. */
  afterStatement?: (step: LedgerStep, executor: Executor) => Promise<void>;
};

/** What one ledger service instance caches; created once per instance (see `createLedgerCaches`). */
export type LedgerCaches = {
  accountsById: LRUCache<bigint, LedgerAccount>;
  accountIdsByOwner: LRUCache<string, bigint>;
  exponents: Map<string, number>;
};

/** What the ledger's use cases share: the service's dependencies and its one set of caches. */
export type LedgerContext = LedgerServiceDependencies & { caches: LedgerCaches };
