import { and, count, desc, eq, ne, type SQL, sum } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { deposits, type DepositStatus, paymentChannels } from './payments.tables';

export type DepositRow = typeof deposits.$inferSelect;
export type NewDeposit = Omit<typeof deposits.$inferInsert, 'id' | 'createdAt'>;
export type DepositChange = Partial<
  Pick<
    DepositRow,
    | 'status'
    | 'gatewayOrderId'
    | 'paymentUrl'
    | 'ledgerTransactionId'
    | 'reviewedByStaffId'
    | 'reviewNote'
    | 'settledAt'
  >
>;
/** A deposit with the channel it was made through. */
export type DepositView = {
  deposit: DepositRow;
  channel: { code: string; name: string; method: 'bank_transfer' | 'ewallet' | 'gateway' };
};
type Page = { limit: number; offset: number };

export const findByRequestKey = async (
  executor: Executor,
  memberId: bigint,
  requestKey: string,
): Promise<DepositRow | undefined> => {
  const [row] = await executor
    .select()
    .from(deposits)
    .where(and(eq(deposits.memberId, memberId), eq(deposits.requestKey, requestKey)));
  return row;
};

/** Undefined when the member already used the request key (a concurrent submit of the same form). */
export const insertDeposit = async (
  executor: Executor,
  deposit: NewDeposit,
): Promise<DepositRow | undefined> => {
  const [row] = await executor
    .insert(deposits)
    .values(deposit)
    .onConflictDoNothing({ target: [deposits.memberId, deposits.requestKey] })
    .returning();
  return row;
};

/**
 * What the member asked to deposit and is not credited or settled yet (minor units of `currency`), leaving out
 * the request `exceptRequestKey` (the same form sent twice is one request, answered as the first).
 */
export const sumAwaitingCredit = async (
  executor: Executor,
  memberId: bigint,
  currency: string,
  exceptRequestKey: string,
): Promise<bigint> => {
  const [row] = await executor
    .select({ total: sum(deposits.amount) })
    .from(deposits)
    .where(
      and(
        eq(deposits.memberId, memberId),
        eq(deposits.currency, currency),
        eq(deposits.status, 'pending'),
        ne(deposits.requestKey, exceptRequestKey),
      ),
    );
  return BigInt(row?.total ?? 0);
};

/** Whether the member has a credited deposit other than `exceptId` (a first deposit bonus asks this). */
export const hasCreditedDeposit = async (
  executor: Executor,
  memberId: bigint,
  exceptId: bigint | null,
): Promise<boolean> => {
  const rows = await executor
    .select({ id: deposits.id })
    .from(deposits)
    .where(
      and(
        eq(deposits.memberId, memberId),
        eq(deposits.status, 'credited'),
        exceptId === null ? undefined : ne(deposits.id, exceptId),
      ),
    )
    .limit(1);
  return rows.length > 0;
};

export const findDeposit = async (executor: Executor, id: bigint): Promise<DepositRow | undefined> => {
  const [row] = await executor.select().from(deposits).where(eq(deposits.id, id));
  return row;
};

/** Locks the deposit for the rest of the transaction: whoever holds it decides its outcome alone. */
export const lockDeposit = async (executor: Executor, id: bigint): Promise<DepositRow | undefined> => {
  const [row] = await executor.select().from(deposits).where(eq(deposits.id, id)).for('update');
  return row;
};

export const updateDeposit = async (
  executor: Executor,
  id: bigint,
  change: DepositChange,
): Promise<DepositRow> => {
  const [row] = await executor.update(deposits).set(change).where(eq(deposits.id, id)).returning();
  if (!row) throw new Error(`deposit ${id} vanished`);
  return row;
};

const selectViews = (executor: Executor) =>
  executor
    .select({
      deposit: deposits,
      channel: { code: paymentChannels.code, name: paymentChannels.name, method: paymentChannels.method },
    })
    .from(deposits)
    .innerJoin(paymentChannels, eq(paymentChannels.id, deposits.channelId));

/** A deposit within a scope: the member's own, or any of a brand's (staff). */
export const findView = async (
  executor: Executor,
  scope: { memberId: bigint } | { brandId: bigint },
  id: bigint,
): Promise<DepositView | undefined> => {
  const owner =
    'memberId' in scope ? eq(deposits.memberId, scope.memberId) : eq(deposits.brandId, scope.brandId);
  const [row] = await selectViews(executor).where(and(eq(deposits.id, id), owner));
  return row;
};

const pageOf = async (
  executor: Executor,
  where: SQL | undefined,
  page: Page,
): Promise<{ rows: DepositView[]; total: number }> => {
  const [rows, [counted]] = await Promise.all([
    selectViews(executor).where(where).orderBy(desc(deposits.id)).limit(page.limit).offset(page.offset),
    executor.select({ total: count() }).from(deposits).where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
};

/** The member's own deposits, newest first. */
export const listMemberViews = (executor: Executor, memberId: bigint, page: Page) =>
  pageOf(executor, eq(deposits.memberId, memberId), page);

/** A brand's deposits for review, newest first; only those in `status` when given. */
export const listBrandViews = (
  executor: Executor,
  brandId: bigint,
  status: DepositStatus | undefined,
  page: Page,
) =>
  pageOf(
    executor,
    and(eq(deposits.brandId, brandId), status === undefined ? undefined : eq(deposits.status, status)),
    page,
  );
