import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { type Executor, selectRows } from '../../db/database';
import {
  brandWalletSettings,
  ledgerAccounts,
  ledgerBalances,
  ledgerEntries,
  ledgerTransactions,
  type WalletMode,
} from './wallet.tables';

/** The SQL behind the wallet endpoints (balances by kind, transfers' recipients, records, profit). */

export type WalletSettingsRow = {
  mode: WalletMode;
  transferVendors: string[];
  /** Minor units; null is the default amount. */
  secondApprovalAbove: bigint | null;
};

/**
 * The brand's wallet settings; `lock` makes a money movement that depends on them (a game-wallet transfer)
 * wait for, or hold off, an operator's change of them.
 */
export const findWalletSettings = async (
  executor: Executor,
  brandId: bigint,
  lock?: 'share' | 'update',
): Promise<WalletSettingsRow | undefined> => {
  const query = executor
    .select({
      mode: brandWalletSettings.mode,
      transferVendors: brandWalletSettings.transferVendors,
      secondApprovalAbove: brandWalletSettings.secondApprovalAbove,
    })
    .from(brandWalletSettings)
    .where(eq(brandWalletSettings.brandId, brandId))
    .limit(1);
  const [row] = await (lock ? query.for(lock) : query);
  return row;
};

export const upsertWalletSettings = async (
  executor: Executor,
  brandId: bigint,
  settings: WalletSettingsRow,
): Promise<void> => {
  await executor
    .insert(brandWalletSettings)
    .values({ brandId, ...settings })
    .onConflictDoUpdate({
      target: brandWalletSettings.brandId,
      set: { ...settings, updatedAt: new Date() },
    });
};

/** Creates the settings row if missing and locks it, so concurrent changes and transfers queue on it. */
export const lockWalletSettings = async (executor: Executor, brandId: bigint): Promise<WalletSettingsRow> => {
  await executor.insert(brandWalletSettings).values({ brandId }).onConflictDoNothing();
  const row = await findWalletSettings(executor, brandId, 'update');
  if (!row) throw new Error(`brand_wallet_settings row of brand ${brandId} vanished`);
  return row;
};

/** Vendors (outside `keptVendors`) whose game wallets in this brand still hold money, with the total. */
export const listFundedGameWallets = (executor: Executor, brandId: bigint, keptVendors: readonly string[]) =>
  executor
    .select({
      vendor: ledgerAccounts.scope,
      total: sql<bigint>`sum(${ledgerBalances.balance})::int8`.mapWith(BigInt),
    })
    .from(ledgerAccounts)
    .innerJoin(ledgerBalances, eq(ledgerBalances.accountId, ledgerAccounts.id))
    .where(
      and(
        eq(ledgerAccounts.brandId, brandId),
        eq(ledgerAccounts.kind, 'game_wallet'),
        keptVendors.length === 0
          ? undefined
          : sql`${ledgerAccounts.scope} <> all(${`{${keptVendors.join(',')}}`}::text[])`,
      ),
    )
    .groupBy(ledgerAccounts.scope)
    .having(sql`sum(${ledgerBalances.balance}) <> 0`);

/**
 * Every balance a member has in one currency, by account kind and scope, in one read (accounts not created
 * yet are simply absent: their balance is zero).
 */
export const listMemberBalances = (executor: Executor, memberId: bigint, currency: string) =>
  executor
    .select({
      kind: ledgerAccounts.kind,
      scope: ledgerAccounts.scope,
      balance: sql<bigint>`sum(${ledgerBalances.balance})::int8`.mapWith(BigInt),
    })
    .from(ledgerAccounts)
    .innerJoin(ledgerBalances, eq(ledgerBalances.accountId, ledgerAccounts.id))
    .where(and(eq(ledgerAccounts.memberId, memberId), eq(ledgerAccounts.currency, currency)))
    .groupBy(ledgerAccounts.kind, ledgerAccounts.scope);

/** Valid time zone names, remembered: pg_timezone_names reads the zone files on every call. */
const knownTimeZones = new Set<string>();

/** Whether PostgreSQL (which does the date maths) knows the zone; an IANA name such as Asia/Manila. */
export const isKnownTimeZone = async (executor: Executor, name: string): Promise<boolean> => {
  if (knownTimeZones.has(name)) return true;
  const rows = await selectRows(executor, sql`select 1 from pg_timezone_names where name = ${name}`);
  if (rows.length > 0) knownTimeZones.add(name);
  return rows.length > 0;
};

/** Dates are yyyy-MM-dd in `timeZone`; `to` is inclusive (the range ends at the next day's midnight there). */
export type DateRange = { from?: string | undefined; to?: string | undefined; timeZone: string };
export type RecordFilter = DateRange & { accountId: bigint; type?: string | undefined };

/** The first segment of the kind ('withdrawal.request' → 'withdrawal'). */
const kindSegment = sql`split_part(${ledgerTransactions.kind}, '.', 1)`;

/** Midnight in the member's zone, so DST days are 23 or 25 hours long as they really are. */
const inDateRange = (range: DateRange): SQL | undefined =>
  and(
    range.from === undefined
      ? undefined
      : sql`${ledgerEntries.createdAt} >= (${range.from}::date)::timestamp at time zone ${range.timeZone}`,
    range.to === undefined
      ? undefined
      : sql`${ledgerEntries.createdAt} < (${range.to}::date + 1)::timestamp at time zone ${range.timeZone}`,
  );

const recordConditions = (filter: RecordFilter): SQL | undefined =>
  and(
    eq(ledgerEntries.accountId, filter.accountId),
    filter.type === undefined ? undefined : sql`${kindSegment} = ${filter.type}`,
    inDateRange(filter),
  );

export const countRecords = async (executor: Executor, filter: RecordFilter): Promise<number> => {
  const [row] = await executor
    .select({ total: count() })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .where(recordConditions(filter));
  return row?.total ?? 0;
};

/** Newest first; `localTime` is the entry's time as the member's clock showed it (for exports). */
export const listRecords = (
  executor: Executor,
  filter: RecordFilter,
  page: { limit: number; offset: number },
) =>
  executor
    .select({
      entryId: ledgerEntries.id,
      transactionId: ledgerEntries.transactionId,
      amount: ledgerEntries.amount,
      balanceAfter: ledgerEntries.balanceAfter,
      createdAt: ledgerEntries.createdAt,
      localTime: sql<string>`to_char(${ledgerEntries.createdAt} at time zone ${filter.timeZone}, 'YYYY-MM-DD HH24:MI:SS')`,
      kind: ledgerTransactions.kind,
      reference: ledgerTransactions.reference,
      memo: ledgerTransactions.memo,
    })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .where(recordConditions(filter))
    .orderBy(desc(ledgerEntries.id))
    .limit(page.limit)
    .offset(page.offset);

export type RecordRow = Awaited<ReturnType<typeof listRecords>>[number];

/** One group of the profit report: a product line, a day, or (both null) the total. */
export type ProfitRow = { productLine: string | null; day: string | null; bet: bigint; win: bigint };

/**
 * Bets and wins of one account with a product line, summed by product line, by day in the member's zone and
 * in total, in one pass (grouping sets). Stakes are debits, so the bet figure is the negated sum of entries
 * whose kind starts with 'bet' (a 'bet.refund' credit nets its stake out); the win figure is the sum of
 * entries whose kind starts with 'win'. Neither column is ever null in the data, so a null in a result row
 * says which grouping it belongs to.
 */
export const sumProfit = async (
  executor: Executor,
  accountId: bigint,
  range: DateRange,
): Promise<ProfitRow[]> => {
  const rows = await selectRows<{
    product_line: string | null;
    day: string | null;
    bet: bigint;
    win: bigint;
  }>(
    executor,
    sql`
      select product_line, day, coalesce(sum(bet), 0)::int8 as bet, coalesce(sum(win), 0)::int8 as win
      from (
        select ${ledgerTransactions.productLine} as product_line,
               to_char(${ledgerEntries.createdAt} at time zone ${range.timeZone}, 'YYYY-MM-DD') as day,
               case when ${kindSegment} = 'bet' then -${ledgerEntries.amount} else 0 end as bet,
               case when ${kindSegment} = 'win' then ${ledgerEntries.amount} else 0 end as win
        from ${ledgerEntries}
        join ${ledgerTransactions} on ${ledgerTransactions.id} = ${ledgerEntries.transactionId}
        where ${and(
          eq(ledgerEntries.accountId, accountId),
          sql`${ledgerTransactions.productLine} is not null`,
          sql`${kindSegment} in ('bet', 'win')`,
          inDateRange(range),
        )}
      ) as played
      group by grouping sets ((product_line), (day), ())
    `,
  );
  return rows.map((row) => ({
    productLine: row.product_line,
    day: row.day,
    bet: row.bet,
    win: row.win,
  }));
};
