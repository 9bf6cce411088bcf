import { and, desc, eq, lt, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/database';
import {
  currencies,
  type HoldStatus,
  ledgerAccounts,
  ledgerBalances,
  ledgerEntries,
  ledgerHolds,
  ledgerTransactions,
} from './wallet.tables';

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

const dialect = new PgDialect();

/**
 * Runs a statement under a name, so PostgreSQL parses and plans it once per connection instead of on every
 * call (for the posting statement that is most of its cost). The text must be the same on every call; what
 * varies goes in parameters. PGlite has no named statements and runs it as usual.
 */
const selectPreparedRows = async <Row>(executor: Executor, name: string, query: SQL): Promise<Row[]> => {
  const result: unknown = await executor._.session
    .prepareQuery(dialect.sqlToQuery(query), undefined, name, false)
    .execute();
  return (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Row[];
};

/** A Postgres array literal of integers; the values are bigints and numbers, so nothing needs quoting. */
const toArrayLiteral = (values: ReadonlyArray<bigint | number>): string => `{${values.join(',')}}`;

/**
 * A whole posting in one statement, so it costs one round trip and is atomic without an explicit
 * transaction: record the transaction under its idempotency key (nothing at all happens if the key exists),
 * lock the touched balance rows in (account, shard) order so two postings never wait on each other in a
 * cycle, apply the amounts, and write one entry per leg with the balance it left. A debit that would take an
 * account that may not go negative below zero fails the `ledger_balances_no_overdraft` check on the locked,
 * current row, which aborts the statement: nothing is written. Answers no rows when the key was used.
 */
export const insertPosting = async (executor: Executor, posting: NewPosting): Promise<PostedEntry[]> => {
  const rows = await selectPreparedRows<PostedEntryRow>(
    executor,
    'ledger_insert_posting_v2',
    sql`
      with new_transaction as (
        insert into ledger_transactions
          (brand_id, idempotency_key, request_hash, kind, reference, memo, product_line)
        values (${posting.brandId}, ${posting.idempotencyKey}, ${posting.requestHash}, ${posting.kind},
                ${posting.reference}, ${posting.memo}, ${posting.productLine})
        on conflict (brand_id, idempotency_key) do nothing
        returning id
      ),
      legs as (
        select * from unnest(
          ${toArrayLiteral(posting.legs.map((leg) => leg.accountId))}::bigint[],
          ${toArrayLiteral(posting.legs.map((leg) => leg.shard))}::smallint[],
          ${toArrayLiteral(posting.legs.map((leg) => leg.amount))}::bigint[]
        ) as leg (account_id, shard, amount)
      ),
      locked as (
        select balance.account_id, balance.shard
        from ledger_balances balance
        join legs on legs.account_id = balance.account_id and legs.shard = balance.shard
        where exists (select from new_transaction)
        order by balance.account_id, balance.shard
        for update of balance
      ),
      moved as (
        update ledger_balances balance
        set balance = balance.balance + legs.amount
        from locked
        join legs on legs.account_id = locked.account_id and legs.shard = locked.shard
        where balance.account_id = locked.account_id and balance.shard = locked.shard
        returning balance.account_id, balance.shard, balance.currency, balance.balance, legs.amount
      )
      insert into ledger_entries (transaction_id, account_id, shard, currency, amount, balance_after)
      select new_transaction.id, moved.account_id, moved.shard, moved.currency, moved.amount, moved.balance
      from moved cross join new_transaction
      order by moved.account_id, moved.shard
      returning transaction_id, account_id, shard, amount, balance_after
    `,
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
