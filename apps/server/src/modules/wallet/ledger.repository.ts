import { and, desc, eq, lt, type SQL, sql } from 'drizzle-orm';
import { type Executor, rowsOfResult, selectRows } from '../../db/database';
import { selectPrepared } from '../../db/prepared';
import {
  currencies,
  type HoldStatus,
  ledgerAccounts,
  ledgerBalances,
  ledgerEntries,
  ledgerHolds,
  ledgerTransactions,
} from './wallet.tables';
import { numberArray, textArray } from '../../db/array-literals';

export type AccountRow = typeof ledgerAccounts.$inferSelect;
export type NewAccount = Omit<typeof ledgerAccounts.$inferInsert, 'id' | 'createdAt'>;
export type HoldRow = typeof ledgerHolds.$inferSelect;
export type TransactionRow = typeof ledgerTransactions.$inferSelect;

/** One leg of a posting, its shard chosen; legs arrive sorted by account and shard. */
export type ShardedLeg = { accountId: bigint; shard: number; amount: bigint };

export type NewPosting = {
  brandId: bigint;
  idempotencyKey: string;
  requestHash: string;
  kind: string;
  reference: string | null;
  memo: string | null;
  productLine: string | null;
  legs: readonly ShardedLeg[];
};

export type PostedEntry = {
  transactionId: bigint;
  accountId: bigint;
  shard: number;
  amount: bigint;
  balanceAfter: bigint;
};

type PostedEntryRow = {
  transaction_id: bigint;
  account_id: bigint;
  shard: number;
  amount: bigint;
  balance_after: bigint;
};

/**
 * The relations of `postingCtes` and `postingBatchCtes` that a caller's statement may read, with their columns in
 * order. The caller names them in its own SQL (the vendor wallet's bet statements), so they are a published
 * contract: ledger-posting-ctes.test.ts runs both fragments and fails when their columns differ from these.
 */
export const postingCteColumns = {
  ledger_new_transaction: ['id'],
  ledger_posted_entries: ['transaction_id', 'account_id', 'shard', 'amount', 'balance_after'],
} as const;

export const postingBatchCteColumns = {
  ledger_batch_transactions: ['ordinal', 'id'],
  ledger_batch_entries: ['transaction_id', 'account_id', 'shard', 'amount', 'balance_after'],
} as const;

declare const readableRelations: unique symbol;

/** SQL of common table expressions whose relations a caller may read are `Relations` (name → columns). */
export type CteFragment<Relations> = SQL & { readonly [readableRelations]: Relations };

/** One posting as CTEs (see `postingCtes`). */
export type PostingCtes = CteFragment<typeof postingCteColumns>;

/** Many postings as CTEs (see `postingBatchCtes`). */
export type PostingBatchCtes = CteFragment<typeof postingBatchCteColumns>;

export type PostingCteOptions = {
  /** The transaction's reference as an SQL expression (may read the caller's CTEs); else the posting's. */
  reference?: SQL;
  /**
   * A key used before: `nothing` writes nothing and the statement answers no entries (a replay to look up);
   * `raise` fails the whole statement with a unique violation, so a caller's rows beside it are undone too.
   */
  onKeyConflict: 'nothing' | 'raise';
};

/**
 * A whole posting as common table expressions, so it costs no round trip of its own and is atomic without an
 * explicit transaction: record the transaction under its idempotency key (`ledger_new_transaction`), lock the
 * touched balance rows in (account, shard) order so two postings never wait on each other in a cycle, apply
 * the amounts, and write one entry per leg with the balance it left (`ledger_posted_entries`: transaction_id,
 * account_id, shard, amount, balance_after). A debit that would take an account that may not go negative
 * below zero fails the `ledger_balances_no_overdraft` check on the locked, current row, which aborts the
 * statement: nothing is written.
 */
export const postingCtes = (posting: NewPosting, options: PostingCteOptions): PostingCtes =>
  sql`
  ledger_new_transaction as (
    insert into ledger_transactions
      (brand_id, idempotency_key, request_hash, kind, reference, memo, product_line)
    values (${posting.brandId}, ${posting.idempotencyKey}, ${posting.requestHash}, ${posting.kind},
            ${options.reference ?? sql`${posting.reference}`}, ${posting.memo}, ${posting.productLine})
    ${options.onKeyConflict === 'nothing' ? sql`on conflict (brand_id, idempotency_key) do nothing` : sql``}
    returning id
  ),
  ledger_legs as (
    select * from unnest(
      ${numberArray(posting.legs.map((leg) => leg.accountId))}::bigint[],
      ${numberArray(posting.legs.map((leg) => leg.shard))}::smallint[],
      ${numberArray(posting.legs.map((leg) => leg.amount))}::bigint[]
    ) as leg (account_id, shard, amount)
  ),
  ledger_locked as (
    select balance.account_id, balance.shard
    from ledger_balances balance
    join ledger_legs legs on legs.account_id = balance.account_id and legs.shard = balance.shard
    where exists (select from ledger_new_transaction)
    order by balance.account_id, balance.shard
    for update of balance
  ),
  ledger_moved as (
    update ledger_balances balance
    set balance = balance.balance + legs.amount
    from ledger_locked locked
    join ledger_legs legs on legs.account_id = locked.account_id and legs.shard = locked.shard
    where balance.account_id = locked.account_id and balance.shard = locked.shard
    returning balance.account_id, balance.shard, balance.currency, balance.balance, legs.amount
  ),
  ledger_posted_entries as (
    insert into ledger_entries (transaction_id, account_id, shard, currency, amount, balance_after)
    select new_transaction.id, moved.account_id, moved.shard, moved.currency, moved.amount, moved.balance
    from ledger_moved moved cross join ledger_new_transaction new_transaction
    order by moved.account_id, moved.shard
    returning transaction_id, account_id, shard, amount, balance_after
  )` as PostingCtes;

/** A posting in one statement (see `postingCtes`). Answers no rows when the key was used. */
export const insertPosting = async (executor: Executor, posting: NewPosting): Promise<PostedEntry[]> => {
  const rows = await selectPrepared<PostedEntryRow>(
    executor,
    'ledger_insert_posting_v3',
    sql`with ${postingCtes(posting, { onKeyConflict: 'nothing' })}
        select transaction_id, account_id, shard, amount, balance_after from ledger_posted_entries`,
  );
  return rows.map((row) => ({
    transactionId: row.transaction_id,
    accountId: row.account_id,
    shard: row.shard,
    amount: row.amount,
    balanceAfter: row.balance_after,
  }));
};

export const findTransactionByKey = async (executor: Executor, brandId: bigint, idempotencyKey: string) => {
  const [row] = await executor
    .select()
    .from(ledgerTransactions)
    .where(
      and(eq(ledgerTransactions.brandId, brandId), eq(ledgerTransactions.idempotencyKey, idempotencyKey)),
    )
    .limit(1);
  return row;
};

export const findTransactionById = async (executor: Executor, id: bigint) => {
  const [row] = await executor
    .select()
    .from(ledgerTransactions)
    .where(eq(ledgerTransactions.id, id))
    .limit(1);
  return row;
};

export const listTransactionEntries = (executor: Executor, transactionId: bigint) =>
  executor
    .select({
      transactionId: ledgerEntries.transactionId,
      accountId: ledgerEntries.accountId,
      shard: ledgerEntries.shard,
      amount: ledgerEntries.amount,
      balanceAfter: ledgerEntries.balanceAfter,
    })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.transactionId, transactionId))
    .orderBy(ledgerEntries.id);

/** Newest first, keyset-paged by entry id (entry ids follow the order balances were changed in). */
export const listAccountEntries = (
  executor: Executor,
  accountId: bigint,
  page: { limit: number; beforeEntryId: bigint | undefined },
) =>
  executor
    .select({
      entryId: ledgerEntries.id,
      transactionId: ledgerEntries.transactionId,
      amount: ledgerEntries.amount,
      balanceAfter: ledgerEntries.balanceAfter,
      shard: ledgerEntries.shard,
      createdAt: ledgerEntries.createdAt,
      kind: ledgerTransactions.kind,
      reference: ledgerTransactions.reference,
      memo: ledgerTransactions.memo,
    })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .where(
      and(
        eq(ledgerEntries.accountId, accountId),
        page.beforeEntryId === undefined ? undefined : lt(ledgerEntries.id, page.beforeEntryId),
      ),
    )
    .orderBy(desc(ledgerEntries.id))
    .limit(page.limit);

export type CashEntryRow = {
  entryId: bigint;
  kind: string;
  amount: bigint;
  balanceAfter: bigint;
  createdAt: Date;
};

export type CashEntryQuery = {
  memberId: bigint;
  currency: string;
  /** yyyy-MM-dd days of `timeZone`, both inclusive. */
  from: string;
  to: string;
  timeZone: string;
  limit: number;
  offset: number;
};

const toBigint = (value: unknown): bigint => {
  if (typeof value === 'bigint') return value;
  if (typeof value === 'number' || typeof value === 'string') return BigInt(value);
  return 0n;
};

const toDate = (value: unknown): Date => (value instanceof Date ? value : new Date(String(value)));

/** A member's main-wallet entries in [from, to] (days of the time zone), newest first, with their number. */
export const listMemberCashEntries = async (
  executor: Executor,
  query: CashEntryQuery,
): Promise<{ rows: CashEntryRow[]; total: number }> => {
  const where = sql`la.member_id = ${query.memberId} and la.kind = 'member_cash' and la.scope = ''
    and la.currency = ${query.currency}
    and e.created_at >= (${query.from}::date)::timestamp at time zone ${query.timeZone}
    and e.created_at < (${query.to}::date + 1)::timestamp at time zone ${query.timeZone}`;
  const [rows, counted] = await Promise.all([
    selectRows<{
      entry_id: bigint;
      kind: string;
      amount: bigint;
      balance_after: bigint;
      created_at: Date | string;
    }>(
      executor,
      sql`select e.id as entry_id, tx.kind, e.amount, e.balance_after, e.created_at
        from ledger_accounts la
        join ledger_entries e on e.account_id = la.id
        join ledger_transactions tx on tx.id = e.transaction_id
        where ${where}
        order by e.id desc
        limit ${query.limit} offset ${query.offset}`,
    ),
    selectRows<{ total: number }>(
      executor,
      sql`select count(*)::int4 as total from ledger_accounts la join ledger_entries e on e.account_id = la.id where ${where}`,
    ),
  ]);
  return {
    total: counted[0]?.total ?? 0,
    rows: rows.map((row) => ({
      entryId: toBigint(row.entry_id),
      kind: row.kind,
      amount: toBigint(row.amount),
      balanceAfter: toBigint(row.balance_after),
      createdAt: toDate(row.created_at),
    })),
  };
};

/**
 * An account's balance as a scalar subquery, for a statement of another module that answers a balance it
 * does not change (the vendor wallet's bet answers cash + bonus): `accountId` is a bigint SQL expression.
 */
export const accountBalanceSql = (accountId: SQL): SQL =>
  sql`(select coalesce(sum(balance), 0)::int8 from ledger_balances where account_id = ${accountId})`;

export const sumBalance = async (executor: Executor, accountId: bigint): Promise<bigint> => {
  const [row] = await executor
    .select({ balance: sql<bigint>`coalesce(sum(${ledgerBalances.balance}), 0)::int8`.mapWith(BigInt) })
    .from(ledgerBalances)
    .where(eq(ledgerBalances.accountId, accountId));
  return row?.balance ?? 0n;
};

export const findCurrency = async (executor: Executor, code: string) => {
  const [row] = await executor.select().from(currencies).where(eq(currencies.code, code)).limit(1);
  return row;
};

export const upsertCurrencies = (executor: Executor, rows: Array<typeof currencies.$inferInsert>) =>
  executor.insert(currencies).values(rows).onConflictDoNothing();

export const findAccountById = async (executor: Executor, id: bigint) => {
  const [row] = await executor.select().from(ledgerAccounts).where(eq(ledgerAccounts.id, id)).limit(1);
  return row;
};

export const findAccountsByIds = (executor: Executor, ids: readonly bigint[]) =>
  executor
    .select()
    .from(ledgerAccounts)
    .where(sql`${ledgerAccounts.id} = any(${numberArray(ids)}::bigint[])`);

export const findAccountByOwner = async (
  executor: Executor,
  owner: Pick<NewAccount, 'brandId' | 'kind' | 'currency' | 'memberId' | 'scope'>,
) => {
  const [row] = await executor
    .select()
    .from(ledgerAccounts)
    .where(
      and(
        eq(ledgerAccounts.brandId, owner.brandId),
        eq(ledgerAccounts.kind, owner.kind),
        eq(ledgerAccounts.currency, owner.currency),
        owner.memberId == null
          ? sql`${ledgerAccounts.memberId} is null`
          : eq(ledgerAccounts.memberId, owner.memberId),
        eq(ledgerAccounts.scope, owner.scope ?? ''),
      ),
    )
    .limit(1);
  return row;
};

/** Creates the account with its balance rows, or nothing when its owner already has one. */
export const insertAccount = async (executor: Executor, account: NewAccount) =>
  executor.transaction(async (tx) => {
    const [created] = await tx.insert(ledgerAccounts).values(account).onConflictDoNothing().returning();
    if (!created) return undefined;
    await tx.insert(ledgerBalances).values(
      Array.from({ length: created.shardCount }, (_, shard) => ({
        accountId: created.id,
        shard,
        currency: created.currency,
        mayGoNegative: created.mayGoNegative,
      })),
    );
    return created;
  });

export const insertHold = async (executor: Executor, hold: typeof ledgerHolds.$inferInsert) => {
  const [row] = await executor.insert(ledgerHolds).values(hold).returning();
  return row;
};

export const findHoldByReserveTransaction = async (executor: Executor, reserveTransactionId: bigint) => {
  const [row] = await executor
    .select()
    .from(ledgerHolds)
    .where(eq(ledgerHolds.reserveTransactionId, reserveTransactionId))
    .limit(1);
  return row;
};

export const findHold = async (executor: Executor, holdId: bigint) => {
  const [row] = await executor.select().from(ledgerHolds).where(eq(ledgerHolds.id, holdId)).limit(1);
  return row;
};

/** Locks the hold so that a racing post and void are decided one after the other. */
export const lockHold = async (executor: Executor, holdId: bigint) => {
  const [row] = await executor
    .select()
    .from(ledgerHolds)
    .where(eq(ledgerHolds.id, holdId))
    .for('update')
    .limit(1);
  return row;
};

/** Settles a pending hold; answers nothing when it was not pending (the caller holds its lock). */
export const markHoldSettled = async (
  executor: Executor,
  holdId: bigint,
  settlement: { status: Exclude<HoldStatus, 'pending'>; settleTransactionId: bigint },
) => {
  const [row] = await executor
    .update(ledgerHolds)
    .set({ ...settlement, settledAt: new Date() })
    .where(and(eq(ledgerHolds.id, holdId), eq(ledgerHolds.status, 'pending')))
    .returning();
  return row;
};

export type PostingBatchCteOptions = {
  /** See PostingCteOptions. */
  onKeyConflict: 'nothing' | 'raise';
  /**
   * A relation of the caller's CTEs with columns (ordinal, reference): the reference of the posting at that
   * position (0-based) instead of its own.
   */
  references?: SQL;
};

/**
 * Many postings (one brand's or several) as common table expressions of ONE statement: every new transaction
 * under its key (`ledger_batch_transactions`: ordinal, id), every touched balance row locked once in (account,
 * shard) order and moved by the sum of its legs, and one entry per leg whose balance_after is the running sum
 * in posting order, so entry ids follow it (`ledger_batch_entries`: transaction_id, account_id, shard, amount,
 * balance_after). The overdraft check applies to each balance row's final value, which equals the check of
 * every posting in turn when an account that may not go negative is only debited in the batch.
 */
export const postingBatchCtes = (
  postings: readonly NewPosting[],
  options: PostingBatchCteOptions,
): PostingBatchCtes => {
  const legs = postings.flatMap((posting, ordinal) => posting.legs.map((leg) => ({ ordinal, ...leg })));
  return sql`
  ledger_batch as (
    select * from unnest(
      ${numberArray(postings.map((_, ordinal) => ordinal))}::int[],
      ${numberArray(postings.map((posting) => posting.brandId))}::bigint[],
      ${textArray(postings.map((posting) => posting.idempotencyKey))}::text[],
      ${textArray(postings.map((posting) => posting.requestHash))}::text[],
      ${textArray(postings.map((posting) => posting.kind))}::text[],
      ${textArray(postings.map((posting) => posting.reference))}::text[],
      ${textArray(postings.map((posting) => posting.memo))}::text[],
      ${textArray(postings.map((posting) => posting.productLine))}::text[]
    ) as batch (ordinal, brand_id, idempotency_key, request_hash, kind, reference, memo, product_line)
  ),
  ledger_new_transactions as (
    insert into ledger_transactions (brand_id, idempotency_key, request_hash, kind, reference, memo, product_line)
    select batch.brand_id, batch.idempotency_key, batch.request_hash, batch.kind,
           ${options.references ? sql`coalesce(caller.reference, batch.reference)` : sql`batch.reference`},
           batch.memo, batch.product_line
    from ledger_batch batch
    ${options.references ? sql`left join ${options.references} caller on caller.ordinal = batch.ordinal` : sql``}
    order by batch.ordinal
    ${options.onKeyConflict === 'nothing' ? sql`on conflict (brand_id, idempotency_key) do nothing` : sql``}
    returning id, brand_id, idempotency_key
  ),
  ledger_batch_transactions as (
    select batch.ordinal, new_transactions.id
    from ledger_batch batch
    join ledger_new_transactions new_transactions
      on new_transactions.brand_id = batch.brand_id and new_transactions.idempotency_key = batch.idempotency_key
  ),
  ledger_batch_legs as (
    select transactions.id as transaction_id, leg.ordinal, leg.account_id, leg.shard, leg.amount
    from unnest(
      ${numberArray(legs.map((leg) => leg.ordinal))}::int[],
      ${numberArray(legs.map((leg) => leg.accountId))}::bigint[],
      ${numberArray(legs.map((leg) => leg.shard))}::smallint[],
      ${numberArray(legs.map((leg) => leg.amount))}::bigint[]
    ) as leg (ordinal, account_id, shard, amount)
    join ledger_batch_transactions transactions on transactions.ordinal = leg.ordinal
  ),
  ledger_batch_totals as (
    select account_id, shard, sum(amount)::bigint as total from ledger_batch_legs group by account_id, shard
  ),
  ledger_batch_locked as (
    select balance.account_id, balance.shard
    from ledger_balances balance
    join ledger_batch_totals totals on totals.account_id = balance.account_id and totals.shard = balance.shard
    order by balance.account_id, balance.shard
    for update of balance
  ),
  ledger_batch_moved as (
    update ledger_balances balance
    set balance = balance.balance + totals.total
    from ledger_batch_locked locked
    join ledger_batch_totals totals on totals.account_id = locked.account_id and totals.shard = locked.shard
    where balance.account_id = locked.account_id and balance.shard = locked.shard
    returning balance.account_id, balance.shard, balance.currency, balance.balance - totals.total as opening
  ),
  ledger_batch_entries as (
    insert into ledger_entries (transaction_id, account_id, shard, currency, amount, balance_after)
    select legs.transaction_id, legs.account_id, legs.shard, moved.currency, legs.amount,
           moved.opening + sum(legs.amount) over (partition by legs.account_id, legs.shard order by legs.ordinal)
    from ledger_batch_legs legs
    join ledger_batch_moved moved on moved.account_id = legs.account_id and moved.shard = legs.shard
    order by legs.ordinal, legs.account_id, legs.shard
    returning transaction_id, account_id, shard, amount, balance_after
  )` as PostingBatchCtes;
};

/**
 * Many postings in ONE statement (settling a lottery draw pays thousands of wins; see `postingBatchCtes`):
 * keys used before are skipped (the caller checks them as replays). The overdraft check applies to each row's
 * final balance, so a batch is for movements whose debits come from accounts that may go negative (the house
 * paying wins). Answers the keys written with their transaction ids.
 */
export const insertPostingBatch = async (
  executor: Executor,
  postings: readonly NewPosting[],
): Promise<Array<{ idempotencyKey: string; transactionId: bigint }>> => {
  if (postings.length === 0) return [];
  const result: unknown = await executor.execute(sql`
    with ${postingBatchCtes(postings, { onKeyConflict: 'nothing' })}
    select new_transactions.idempotency_key, new_transactions.id,
           (select count(*) from ledger_batch_entries) as entry_count
    from ledger_new_transactions new_transactions`);
  const rows = rowsOfResult<{ idempotency_key: string; id: bigint }>(result);
  return rows.map((row) => ({ idempotencyKey: row.idempotency_key, transactionId: row.id }));
};
