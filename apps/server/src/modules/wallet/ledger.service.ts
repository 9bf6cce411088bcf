import { createHash } from 'node:crypto';
import { maxMinorUnits } from '@wps/contracts/money';
import type { SQL } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { Database, Executor } from '../../db/database';
import { findDatabaseError } from '../../db/database-errors';
import * as repository from './ledger.repository';
import type {
  AccountRow,
  CashEntryQuery,
  PostedEntry,
  PostingBatchCtes,
  PostingCtes,
  ShardedLeg,
} from './ledger.repository';
import { LedgerError } from './wallet.errors';

export { postingBatchCteColumns, postingCteColumns } from './ledger.repository';
export type { PostingBatchCtes, PostingCtes } from './ledger.repository';

type PostingCteColumns = typeof repository.postingCteColumns & typeof repository.postingBatchCteColumns;

/**
 * What a statement embedding the ledger's CTEs reads of them: for each relation, columns the ledger publishes
 * (`postingCteColumns`, `postingBatchCteColumns`). A reader declares its reads with `satisfies`, so a column the
 * ledger stops publishing fails to compile there.
 */
export type PostingCteReads = {
  readonly [Relation in keyof PostingCteColumns]?: ReadonlyArray<PostingCteColumns[Relation][number]>;
};

/**
 * What each kind of account is. Member kinds belong to one member and never go below zero. System kinds
 * belong to the brand and may: the house is owed what players win, a clearing account is what a provider
 * or a payment gateway owes or is owed. House and provider clearing are touched by every bet, so their
 * balance is spread over shards (see `ledger_balances`) and postings lock one shard each, picked from the
 * idempotency key, instead of all waiting on one row. A new kind is one line here.
 */
export const accountKindRules = {
  member_cash: { owner: 'member', mayGoNegative: false, shardCount: 1 },
  agent_cash: { owner: 'member', mayGoNegative: false, shardCount: 1 },
  /** Money reserved from the member's cash: pending withdrawals and anything else that waits. */
  member_hold: { owner: 'member', mayGoNegative: false, shardCount: 1 },
  /** A member's balance inside one game vendor (scope: the vendor code) when the brand uses transfer wallets. */
  game_wallet: { owner: 'member', mayGoNegative: false, shardCount: 1 },
  house: { owner: 'system', mayGoNegative: true, shardCount: 32 },
  provider_clearing: { owner: 'system', mayGoNegative: true, shardCount: 32 },
  payment_clearing: { owner: 'system', mayGoNegative: true, shardCount: 8 },
  promotion: { owner: 'system', mayGoNegative: true, shardCount: 8 },
  /** The other side of an operator's manual adjustment (corrections, goodwill), audited with its reason. */
  adjustment: { owner: 'system', mayGoNegative: true, shardCount: 1 },
  /** What the platform pays agents under platform-paid contracts (dividends and salaries). */
  agent_commission: { owner: 'system', mayGoNegative: true, shardCount: 8 },
  /**
   * A progressive jackpot's pool (scope: the game code), fed by every bet of its game; sharded, so a shard may
   * dip below zero when the whole pool is paid from it (the sum never does).
   */
  jackpot_pool: { owner: 'system', mayGoNegative: true, shardCount: 8 },
} as const satisfies Record<
  string,
  { owner: 'member' | 'system'; mayGoNegative: boolean; shardCount: number }
>;

export type AccountKind = keyof typeof accountKindRules;
export type MemberAccountKind = {
  [Kind in AccountKind]: (typeof accountKindRules)[Kind]['owner'] extends 'member' ? Kind : never;
}[AccountKind];
export type SystemAccountKind = Exclude<AccountKind, MemberAccountKind>;

/** A member's own money, from which holds are reserved. */
const spendableKinds: ReadonlySet<string> = new Set<MemberAccountKind>(['member_cash', 'agent_cash']);

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

const maxLegs = 64;
const maxKeyLength = 200;
const maxReferenceLength = 200;
const maxMemoLength = 500;
const defaultPageSize = 50;
const maxPageSize = 500;
const kindPattern = /^[a-z][a-z0-9_.:-]{0,63}$/;
const productLinePattern = /^[A-Z][A-Z0-9_]{0,31}$/;

const overdraftConstraint = 'ledger_balances_no_overdraft';
const balancedConstraint = 'ledger_transaction_balanced';
const idempotencyKeyConstraint = 'ledger_transactions_idempotency_key';

const toLedgerAccount = (row: AccountRow): LedgerAccount => ({
  id: row.id,
  brandId: row.brandId,
  kind: row.kind,
  currency: row.currency,
  memberId: row.memberId,
  scope: row.scope,
  mayGoNegative: row.mayGoNegative,
  shardCount: row.shardCount,
});

const ownerKey = (brandId: bigint, kind: string, currency: string, memberId: bigint | null, scope: string) =>
  `${brandId}:${kind}:${currency}:${memberId ?? ''}:${scope}`;

/**
 * SHA-256 of the request in one canonical form (legs sorted, absent fields as null), so a retry that sends
 * the same request in another order is still recognised as the same request.
 */
const hashRequest = (request: Record<string, unknown>): string =>
  createHash('sha256')
    .update(
      JSON.stringify(request, (_key, value: unknown) =>
        typeof value === 'bigint' ? value.toString() : value,
      ),
    )
    .digest('hex');

/** The same key always picks the same shard, so a replay touches nothing new. */
const pickShard = (idempotencyKey: string, shardCount: number): number =>
  shardCount === 1 ? 0 : createHash('sha256').update(idempotencyKey).digest().readUInt32BE(0) % shardCount;

/** Turns the database's refusals into the ledger's own errors; anything else stays an internal error. */
const translateDatabaseError = (error: unknown): unknown => {
  const databaseError = findDatabaseError(error);
  if (!databaseError) return error;
  if (databaseError.code === '23514' && databaseError.constraint === overdraftConstraint) {
    return new LedgerError('insufficient_funds', 'Insufficient funds');
  }
  if (databaseError.code === '22003') {
    return new LedgerError('amount_out_of_range', 'The amount would take a balance out of range');
  }
  if (databaseError.code === '23505' && databaseError.constraint === idempotencyKeyConstraint) {
    return new LedgerError('idempotency_conflict', 'This idempotency key was already used');
  }
  if (databaseError.code === '23514' && databaseError.constraint === balancedConstraint) {
    return new LedgerError('unbalanced', 'The entries of a ledger transaction must sum to zero per currency');
  }
  return error;
};

const withDatabaseErrors = async <T>(work: () => Promise<T>): Promise<T> => {
  try {
    return await work();
  } catch (error) {
    throw translateDatabaseError(error);
  }
};

const checkText = (name: string, value: string | undefined, maxLength: number, required: boolean): void => {
  if (value === undefined) {
    if (required) throw new LedgerError('invalid_request', `${name} is required`);
    return;
  }
  if (value.length === 0 || value.length > maxLength) {
    throw new LedgerError('invalid_request', `${name} must be 1 to ${maxLength} characters`);
  }
};

/** Keys under this prefix are the ledger's own (a hold's settlement), so no caller can take one first. */
const internalKeyPrefix = 'ledger:';

const checkCallerKey = (idempotencyKey: string): void => {
  checkText('idempotencyKey', idempotencyKey, maxKeyLength, true);
  if (idempotencyKey.startsWith(internalKeyPrefix)) {
    throw new LedgerError(
      'invalid_request',
      `Idempotency keys starting with ${internalKeyPrefix} are reserved`,
    );
  }
};

const checkKind = (kind: string): void => {
  if (!kindPattern.test(kind)) {
    throw new LedgerError('invalid_request', 'kind must be lower case letters, digits and _ . : -');
  }
};

const checkAmount = (amount: bigint): void => {
  if (typeof amount !== 'bigint') throw new LedgerError('invalid_request', 'Amounts are bigint minor units');
  if (amount === 0n) throw new LedgerError('invalid_request', 'An amount must not be zero');
  if (amount > maxMinorUnits || -amount > maxMinorUnits) {
    throw new LedgerError('amount_out_of_range', 'The amount is too large');
  }
};

/**
 * The one service through which every domain moves money. Each movement is a ledger transaction of
 * balanced entries, written with its idempotency key and its balance changes in one database transaction.
 */
export const createLedgerService = ({ db, afterStatement }: LedgerServiceDependencies) => {
  // Accounts and exponents never change (triggers refuse it), so what is cached is never stale.
  const accountsById = new LRUCache<bigint, LedgerAccount>({ max: 100_000 });
  const accountIdsByOwner = new LRUCache<string, bigint>({ max: 100_000 });
  const exponents = new Map<string, number>();

  const reachStep = async (step: LedgerStep, executor: Executor): Promise<void> => {
    if (afterStatement) await afterStatement(step, executor);
  };

  /**
   * Caches what was read outside any caller's transaction only: an account created inside one that then
   * rolls back must not outlive it here.
   */
  const remember = (account: LedgerAccount, executor: Executor): LedgerAccount => {
    if (executor !== db) return account;
    accountsById.set(account.id, account);
    accountIdsByOwner.set(
      ownerKey(account.brandId, account.kind, account.currency, account.memberId, account.scope),
      account.id,
    );
    return account;
  };

  const getCurrencyExponent = async (code: string, executor: Executor = db): Promise<number> => {
    const cached = exponents.get(code);
    if (cached !== undefined) return cached;
    const currency = await repository.findCurrency(executor, code);
    if (!currency) throw new LedgerError('currency_not_found', `Currency ${code} is not configured`);
    if (executor === db) exponents.set(code, currency.exponent);
    return currency.exponent;
  };

  const findAccount = async (
    accountId: bigint,
    executor: Executor = db,
  ): Promise<LedgerAccount | undefined> => {
    const cached = accountsById.get(accountId);
    if (cached) return cached;
    const row = await repository.findAccountById(executor, accountId);
    return row ? remember(toLedgerAccount(row), executor) : undefined;
  };

  /** An account of the brand; one of another brand is answered as not found, like one that does not exist. */
  const resolveAccount = async (
    brandId: bigint,
    accountId: bigint,
    executor: Executor,
  ): Promise<LedgerAccount> => {
    const account = await findAccount(accountId, executor);
    if (!account || account.brandId !== brandId) {
      throw new LedgerError('account_not_found', `Ledger account ${accountId} does not exist`);
    }
    return account;
  };

  const ensureAccount = async (
    owner: { brandId: bigint; kind: AccountKind; currency: string; memberId: bigint | null; scope: string },
    executor: Executor,
  ): Promise<LedgerAccount> => {
    const key = ownerKey(owner.brandId, owner.kind, owner.currency, owner.memberId, owner.scope);
    const cachedId = accountIdsByOwner.get(key);
    const cached = cachedId === undefined ? undefined : accountsById.get(cachedId);
    if (cached) return cached;
    await getCurrencyExponent(owner.currency, executor);
    const rules = accountKindRules[owner.kind];
    const row =
      (await repository.findAccountByOwner(executor, owner)) ??
      (await withDatabaseErrors(() =>
        repository.insertAccount(executor, {
          ...owner,
          mayGoNegative: rules.mayGoNegative,
          shardCount: rules.shardCount,
        }),
      )) ??
      // Created by a concurrent call between our look-up and our insert.
      (await repository.findAccountByOwner(executor, owner));
    if (!row) throw new Error(`Ledger account ${key} could neither be found nor created`);
    return remember(toLedgerAccount(row), executor);
  };

  /** Checks a posting before it reaches the database, and picks each leg's shard. */
  const resolveLegs = async (
    brandId: bigint,
    idempotencyKey: string,
    legs: readonly LedgerLeg[],
    executor: Executor,
  ): Promise<{ legs: ShardedLeg[]; accounts: Map<bigint, LedgerAccount> }> => {
    if (legs.length < 2 || legs.length > maxLegs) {
      throw new LedgerError('invalid_request', `A posting has 2 to ${maxLegs} legs`);
    }
    const accounts = new Map<bigint, LedgerAccount>();
    const totals = new Map<string, bigint>();
    for (const leg of legs) {
      checkAmount(leg.amount);
      if (accounts.has(leg.accountId)) {
        throw new LedgerError('invalid_request', 'An account may appear in only one leg of a posting');
      }
      const account = await resolveAccount(brandId, leg.accountId, executor);
      accounts.set(account.id, account);
      totals.set(account.currency, (totals.get(account.currency) ?? 0n) + leg.amount);
    }
    for (const [currency, total] of totals) {
      if (total !== 0n) {
        throw new LedgerError('unbalanced', `The legs do not sum to zero in ${currency} (${total})`);
      }
    }
    const sharded = legs.map((leg) => {
      const account = accounts.get(leg.accountId);
      return {
        accountId: leg.accountId,
        shard: pickShard(idempotencyKey, account?.shardCount ?? 1),
        amount: leg.amount,
      };
    });
    // The order the balance rows are locked in; the SQL sorts too, this keeps entry ids in the same order.
    sharded.sort((a, b) =>
      a.accountId === b.accountId ? a.shard - b.shard : a.accountId < b.accountId ? -1 : 1,
    );
    return { legs: sharded, accounts };
  };

  const toPostingEntries = (entries: PostedEntry[], accounts: Map<bigint, LedgerAccount>): PostingEntry[] =>
    entries.map((entry) => ({
      accountId: entry.accountId,
      amount: entry.amount,
      balanceAfter: (accounts.get(entry.accountId)?.shardCount ?? 1) === 1 ? entry.balanceAfter : null,
    }));

  /** The original result of a key already used, if the request is the same one; else a conflict. */
  const replay = async (
    brandId: bigint,
    idempotencyKey: string,
    requestHash: string,
    executor: Executor,
  ): Promise<PostingResult> => {
    const original = await repository.findTransactionByKey(executor, brandId, idempotencyKey);
    if (!original) {
      throw new Error(`Ledger key ${idempotencyKey} conflicted but no transaction carries it`);
    }
    if (original.requestHash !== requestHash) {
      throw new LedgerError(
        'idempotency_conflict',
        'This idempotency key was already used for a different request',
      );
    }
    const entries = await repository.listTransactionEntries(executor, original.id);
    const accounts = new Map<bigint, LedgerAccount>();
    for (const entry of entries) {
      const account = await findAccount(entry.accountId, executor);
      if (account) accounts.set(account.id, account);
    }
    return { transactionId: original.id, isReplay: true, entries: toPostingEntries(entries, accounts) };
  };

  const writePosting = async (
    executor: Executor,
    posting: Omit<repository.NewPosting, 'legs'> & { legs: readonly LedgerLeg[] },
    shardKey: string = posting.idempotencyKey,
  ): Promise<PostingResult> => {
    const { legs, accounts } = await resolveLegs(posting.brandId, shardKey, posting.legs, executor);
    const written = await withDatabaseErrors(() => repository.insertPosting(executor, { ...posting, legs }));
    const [first] = written;
    if (!first) return replay(posting.brandId, posting.idempotencyKey, posting.requestHash, executor);
    return {
      transactionId: first.transactionId,
      isReplay: false,
      entries: toPostingEntries(written, accounts),
    };
  };

  /** Checks a posting request and hashes it in its canonical form. */
  const checkPosting = (
    request: PostingRequest,
  ): Omit<repository.NewPosting, 'legs'> & { legs: readonly LedgerLeg[] } => {
    checkCallerKey(request.idempotencyKey);
    checkKind(request.kind);
    checkText('reference', request.reference, maxReferenceLength, false);
    checkText('memo', request.memo, maxMemoLength, false);
    if (request.productLine !== undefined && !productLinePattern.test(request.productLine)) {
      throw new LedgerError('invalid_request', 'productLine must be upper case letters, digits and _');
    }
    const requestHash = hashRequest({
      operation: 'post',
      kind: request.kind,
      legs: [...request.legs]
        .sort((a, b) => (a.accountId === b.accountId ? 0 : a.accountId < b.accountId ? -1 : 1))
        .map((leg) => [leg.accountId, leg.amount]),
      reference: request.reference ?? null,
      memo: request.memo ?? null,
      // Only when set, so requests written before product lines existed keep their hash.
      ...(request.productLine === undefined ? {} : { productLine: request.productLine }),
    });
    return {
      brandId: request.brandId,
      idempotencyKey: request.idempotencyKey,
      requestHash,
      kind: request.kind,
      reference: request.reference ?? null,
      memo: request.memo ?? null,
      productLine: request.productLine ?? null,
      legs: request.legs,
    };
  };

  const post = async (request: PostingRequest, options: LedgerCallOptions = {}): Promise<PostingResult> =>
    writePosting(options.executor ?? db, checkPosting(request), request.shardKey);

  /** Checks each posting of a batch and picks its legs' shards; a key may appear once per batch. */
  const checkBatch = async (
    requests: readonly PostingRequest[],
    executor: Executor,
  ): Promise<repository.NewPosting[]> => {
    const postings: repository.NewPosting[] = [];
    const seen = new Set<string>();
    for (const request of requests) {
      const posting = checkPosting(request);
      const key = `${posting.brandId}:${posting.idempotencyKey}`;
      if (seen.has(key)) throw new LedgerError('invalid_request', 'A key appears twice in one batch');
      seen.add(key);
      const { legs } = await resolveLegs(
        posting.brandId,
        request.shardKey ?? posting.idempotencyKey,
        posting.legs,
        executor,
      );
      postings.push({ ...posting, legs });
    }
    return postings;
  };

  /**
   * Many postings of one brand in one statement (see `repository.insertPostingBatch`), for bulk payouts such
   * as a lottery draw's wins: each keeps its own idempotency key; a key used before by the same request is a
   * replay, by another request a conflict (the rest of the batch is still written). Balance rows are locked
   * in (account, shard) order within the one statement, so batches never deadlock with other postings; the
   * overdraft check sees final balances only, so debit only accounts that may go negative.
   */
  const postBatch = async (
    brandId: bigint,
    requests: readonly PostingRequest[],
    options: LedgerCallOptions = {},
  ): Promise<Array<{ idempotencyKey: string; transactionId: bigint; isReplay: boolean }>> => {
    const executor = options.executor ?? db;
    if (requests.some((request) => request.brandId !== brandId)) {
      throw new LedgerError('invalid_request', 'A batch is for one brand');
    }
    const postings = await checkBatch(requests, executor);
    const written = new Map(
      (await withDatabaseErrors(() => repository.insertPostingBatch(executor, postings))).map((row) => [
        row.idempotencyKey,
        row.transactionId,
      ]),
    );
    const results: Array<{ idempotencyKey: string; transactionId: bigint; isReplay: boolean }> = [];
    for (const posting of postings) {
      const transactionId = written.get(posting.idempotencyKey);
      if (transactionId !== undefined) {
        results.push({ idempotencyKey: posting.idempotencyKey, transactionId, isReplay: false });
        continue;
      }
      const original = await replay(brandId, posting.idempotencyKey, posting.requestHash, executor);
      results.push({
        idempotencyKey: posting.idempotencyKey,
        transactionId: original.transactionId,
        isReplay: true,
      });
    }
    return results;
  };

  /**
   * A posting written inside the caller's own statement, for a hot path that wants its rows and the money in
   * one round trip: `statement` receives the posting as common table expressions (the relations it may read
   * and their columns are `postingCteColumns`) and runs the statement. The whole statement
   * fails on any refusal, which comes back as a LedgerError: insufficient_funds, or idempotency_conflict for
   * a key used before (by this very request too: the caller answers a repeat from its own rows). `reference`
   * is written instead of the request's (an SQL expression over the caller's CTEs); the hash covers the rest.
   */
  const postWithin = async <T>(
    request: PostingRequest,
    reference: SQL | undefined,
    statement: (ctes: PostingCtes) => Promise<T>,
  ): Promise<T> => {
    const posting = checkPosting(request);
    const { legs } = await resolveLegs(
      posting.brandId,
      request.shardKey ?? posting.idempotencyKey,
      posting.legs,
      db,
    );
    const ctes = repository.postingCtes(
      { ...posting, legs },
      { onKeyConflict: 'raise', ...(reference ? { reference } : {}) },
    );
    return withDatabaseErrors(() => statement(ctes));
  };

  /**
   * Many postings written inside the caller's own statement (`postWithin` for a batch): `statement` receives
   * them as common table expressions (readable as `postingBatchCteColumns`); `references` is a relation of
   * the caller's CTEs (ordinal, reference) whose reference replaces a posting's. Any refusal fails the whole
   * statement (a key used before, or a balance that would end below zero) and comes back as a LedgerError.
   */
  const postBatchWithin = async <T>(
    requests: readonly PostingRequest[],
    references: SQL | undefined,
    statement: (ctes: PostingBatchCtes) => Promise<T>,
  ): Promise<T> => {
    const postings = await checkBatch(requests, db);
    const ctes = repository.postingBatchCtes(postings, {
      onKeyConflict: 'raise',
      ...(references ? { references } : {}),
    });
    return withDatabaseErrors(() => statement(ctes));
  };

  /** Moves money from a member's cash into their hold account, under a hold to be posted or voided once. */
  const reserve = async (request: ReserveRequest, options: LedgerCallOptions = {}): Promise<HoldResult> => {
    const kind = request.kind ?? 'hold.reserve';
    checkCallerKey(request.idempotencyKey);
    checkKind(kind);
    checkText('reference', request.reference, maxReferenceLength, false);
    checkText('memo', request.memo, maxMemoLength, false);
    checkAmount(request.amount);
    if (request.amount < 0n) throw new LedgerError('invalid_request', 'A hold amount must be positive');
    const executor = options.executor ?? db;
    const source = await resolveAccount(request.brandId, request.accountId, executor);
    if (!spendableKinds.has(source.kind) || source.memberId === null) {
      throw new LedgerError('invalid_request', 'Holds are reserved from a member cash account');
    }
    const holdAccount = await ensureAccount(
      {
        brandId: source.brandId,
        kind: 'member_hold',
        currency: source.currency,
        memberId: source.memberId,
        scope: '',
      },
      executor,
    );
    const requestHash = hashRequest({
      operation: 'reserve',
      kind,
      accountId: source.id,
      amount: request.amount,
      reference: request.reference ?? null,
      memo: request.memo ?? null,
    });
    return withDatabaseErrors(() =>
      executor.transaction(async (tx) => {
        const posting = await writePosting(tx, {
          brandId: request.brandId,
          idempotencyKey: request.idempotencyKey,
          requestHash,
          kind,
          reference: request.reference ?? null,
          memo: request.memo ?? null,
          productLine: null,
          legs: [
            { accountId: source.id, amount: -request.amount },
            { accountId: holdAccount.id, amount: request.amount },
          ],
        });
        await reachStep('reserve.posted', tx);
        if (posting.isReplay) {
          const hold = await repository.findHoldByReserveTransaction(tx, posting.transactionId);
          if (!hold) throw new Error(`Ledger transaction ${posting.transactionId} reserved no hold`);
          return { holdId: hold.id, transactionId: posting.transactionId, isReplay: true };
        }
        const hold = await repository.insertHold(tx, {
          brandId: request.brandId,
          sourceAccountId: source.id,
          holdAccountId: holdAccount.id,
          amount: request.amount,
          reserveTransactionId: posting.transactionId,
        });
        if (!hold) throw new Error('The hold was not written');
        await reachStep('reserve.held', tx);
        return { holdId: hold.id, transactionId: posting.transactionId, isReplay: false };
      }),
    );
  };

  /**
   * Posts or voids a pending hold, exactly once: the hold row is locked first (then the balance rows, in
   * order), so of a racing post and void the second finds the hold settled and is refused, while a repeat of
   * the winning call answers its original result.
   */
  const settleHold = async (
    request: SettleHoldRequest,
    outcome: { status: 'posted'; destinationAccountId: bigint } | { status: 'voided' },
    options: LedgerCallOptions,
  ): Promise<SettleResult> => {
    const kind = request.kind ?? (outcome.status === 'posted' ? 'hold.post' : 'hold.void');
    checkKind(kind);
    checkText('memo', request.memo, maxMemoLength, false);
    const requestHash = hashRequest({
      operation: outcome.status === 'posted' ? 'postHold' : 'voidHold',
      holdId: request.holdId,
      destinationAccountId: outcome.status === 'posted' ? outcome.destinationAccountId : null,
      kind,
      memo: request.memo ?? null,
    });
    return withDatabaseErrors(() =>
      (options.executor ?? db).transaction(async (tx) => {
        const hold = await repository.lockHold(tx, request.holdId);
        if (!hold || hold.brandId !== request.brandId) {
          throw new LedgerError('hold_not_found', `Hold ${request.holdId} does not exist`);
        }
        await reachStep('settle.locked', tx);
        if (hold.status !== 'pending') {
          const settlement =
            hold.settleTransactionId === null
              ? undefined
              : await repository.findTransactionById(tx, hold.settleTransactionId);
          if (settlement?.requestHash === requestHash) {
            return { holdId: hold.id, transactionId: settlement.id, isReplay: true };
          }
          throw new LedgerError('hold_already_settled', `Hold ${hold.id} is already ${hold.status}`);
        }
        const posting = await writePosting(tx, {
          brandId: hold.brandId,
          idempotencyKey: `${internalKeyPrefix}hold:${hold.id}:settle`,
          requestHash,
          kind,
          reference: `hold:${hold.id}`,
          memo: request.memo ?? null,
          productLine: null,
          legs: [
            { accountId: hold.holdAccountId, amount: -hold.amount },
            {
              accountId: outcome.status === 'posted' ? outcome.destinationAccountId : hold.sourceAccountId,
              amount: hold.amount,
            },
          ],
        });
        await reachStep('settle.posted', tx);
        const settled = await repository.markHoldSettled(tx, hold.id, {
          status: outcome.status,
          settleTransactionId: posting.transactionId,
        });
        if (!settled || posting.isReplay) {
          throw new Error(`Hold ${hold.id} changed while it was locked`);
        }
        await reachStep('settle.marked', tx);
        return { holdId: hold.id, transactionId: posting.transactionId, isReplay: false };
      }),
    );
  };

  return {
    post,
    postBatch,
    postWithin,
    postBatchWithin,
    reserve,
    /** Settles a hold to its destination (a withdrawal paid out: the payment clearing account). */
    postHold: (request: PostHoldRequest, options: LedgerCallOptions = {}) =>
      settleHold(request, { status: 'posted', destinationAccountId: request.destinationAccountId }, options),
    /** Returns a hold to the account it was reserved from. */
    voidHold: (request: SettleHoldRequest, options: LedgerCallOptions = {}) =>
      settleHold(request, { status: 'voided' }, options),

    /** The balance in minor units: the sum of the account's shards. */
    getBalance: async (accountId: bigint, options: LedgerCallOptions = {}): Promise<bigint> => {
      const executor = options.executor ?? db;
      if (!(await findAccount(accountId, executor))) {
        throw new LedgerError('account_not_found', `Ledger account ${accountId} does not exist`);
      }
      return repository.sumBalance(executor, accountId);
    },

    getAccount: (accountId: bigint) => findAccount(accountId),

    getCurrencyExponent: (code: string) => getCurrencyExponent(code),

    getHold: (holdId: bigint) => repository.findHold(db, holdId),

    ensureMemberAccount: (
      brandId: bigint,
      memberId: bigint,
      currency: string,
      kind: MemberAccountKind = 'member_cash',
      options: LedgerCallOptions & { scope?: string } = {},
    ) =>
      ensureAccount(
        { brandId, kind, currency, memberId, scope: options.scope ?? '' },
        options.executor ?? db,
      ),

    /** A brand's account of a system kind; `scope` narrows it, e.g. one provider clearing per provider. */
    ensureSystemAccount: (
      brandId: bigint,
      kind: SystemAccountKind,
      currency: string,
      scope = '',
      options: LedgerCallOptions = {},
    ) => ensureAccount({ brandId, kind, currency, memberId: null, scope }, options.executor ?? db),

    /**
     * A member's main-wallet entries in [from, to] (days of `timeZone`), newest first, paged by offset, with
     * their number (the agent centre's view of a downline member's transactions).
     */
    listMemberCashEntries: (query: CashEntryQuery) => repository.listMemberCashEntries(db, query),

    /** Newest first; pass the last entry id of a page as `beforeEntryId` for the next one. */
    listEntries: async (
      accountId: bigint,
      page: EntryPage = {},
    ): Promise<{ entries: AccountEntry[]; nextBeforeEntryId: bigint | null }> => {
      const limit = page.limit ?? defaultPageSize;
      if (!Number.isInteger(limit) || limit < 1 || limit > maxPageSize) {
        throw new LedgerError('invalid_request', `A page holds 1 to ${maxPageSize} entries`);
      }
      const rows = await repository.listAccountEntries(db, accountId, {
        limit,
        beforeEntryId: page.beforeEntryId,
      });
      const entries = rows.map(({ shard: _shard, ...entry }) => entry);
      const last = entries.at(-1);
      return { entries, nextBeforeEntryId: entries.length === limit && last ? last.entryId : null };
    },
  };
};

export type LedgerService = ReturnType<typeof createLedgerService>;
