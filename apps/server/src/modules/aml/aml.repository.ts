import type { AmlFlagStatus, AmlRule } from '@wps/contracts/aml';
import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { numberArray } from '../../db/array-literals';
import { type Executor, selectRows } from '../../db/database';
import { amlFlags } from './aml.tables';

export type AmlFlagRow = typeof amlFlags.$inferSelect;

/** A member as other modules publish them (members_directory). */
export type DirectoryMember = { id: bigint; username: string; status: string };

const flagFilter = (brandId: bigint, filter: { status: 'open' | 'all'; rule?: AmlRule | undefined }): SQL => {
  const conditions: SQL[] = [eq(amlFlags.brandId, brandId)];
  if (filter.status === 'open') conditions.push(eq(amlFlags.status, 'open'));
  if (filter.rule !== undefined) conditions.push(eq(amlFlags.rule, filter.rule));
  return and(...conditions) ?? eq(amlFlags.brandId, brandId);
};

/** A page of the brand's flags, newest first, and how many match. */
export const listFlags = async (
  executor: Executor,
  brandId: bigint,
  filter: { status: 'open' | 'all'; rule?: AmlRule | undefined },
  page: { pageNo: number; pageSize: number },
): Promise<{ rows: AmlFlagRow[]; total: number }> => {
  const where = flagFilter(brandId, filter);
  const [rows, counted] = await Promise.all([
    executor
      .select()
      .from(amlFlags)
      .where(where)
      .orderBy(desc(amlFlags.id))
      .limit(page.pageSize)
      .offset((page.pageNo - 1) * page.pageSize),
    executor.select({ total: count() }).from(amlFlags).where(where),
  ]);
  return { rows, total: counted[0]?.total ?? 0 };
};

export const findFlag = async (
  executor: Executor,
  brandId: bigint,
  id: bigint,
  options: { forUpdate?: boolean } = {},
): Promise<AmlFlagRow | undefined> => {
  const query = executor
    .select()
    .from(amlFlags)
    .where(and(eq(amlFlags.id, id), eq(amlFlags.brandId, brandId)));
  const [row] = await (options.forUpdate ? query.for('update') : query);
  return row;
};

export const decideFlag = async (
  executor: Executor,
  id: bigint,
  decision: {
    status: Exclude<AmlFlagStatus, 'open'>;
    reason: string;
    reportReference: string | null;
    staffId: bigint;
    staffUsername: string;
  },
): Promise<void> => {
  await executor
    .update(amlFlags)
    .set({
      status: decision.status,
      reason: decision.reason,
      reportReference: decision.reportReference,
      decidedByStaffId: decision.staffId,
      decidedByUsername: decision.staffUsername,
      decidedAt: new Date(),
    })
    .where(eq(amlFlags.id, id));
};

/** Members by id from the members module's published directory. */
export const listDirectoryMembers = async (
  executor: Executor,
  ids: readonly bigint[],
): Promise<DirectoryMember[]> => {
  if (ids.length === 0) return [];
  const rows = await selectRows<{ id: string | bigint; username: string; status: string }>(
    executor,
    sql`select id, username, status from members_directory where id = any(${numberArray(ids)}::bigint[])`,
  );
  return rows.map((row) => ({ id: BigInt(row.id), username: row.username, status: row.status }));
};

export type MovementRow = {
  transactionId: bigint;
  kind: string;
  reference: string | null;
  amount: bigint;
  counterpartId: bigint | null;
  createdAt: Date;
};

/**
 * The ledger transactions behind a flag from the member's side (the wallet's published views): what they moved in
 * or out (a withdrawal request's hold as money out of their cash), and the other member of a transfer.
 */
export const listMovements = async (
  executor: Executor,
  memberId: bigint,
  transactionIds: readonly bigint[],
): Promise<MovementRow[]> => {
  if (transactionIds.length === 0) return [];
  const rows = await selectRows<{
    id: string | bigint;
    kind: string;
    reference: string | null;
    amount: string | bigint;
    counterpart_id: string | bigint | null;
    created_at: Date | string;
  }>(
    executor,
    sql`select t.id, t.kind, t.reference, t.created_at,
        coalesce(nullif(sum(p.amount) filter (where p.member_id = ${memberId}), 0),
          -sum(p.amount) filter (where p.member_id = ${memberId} and p.amount > 0), 0)::int8 as amount,
        min(p.member_id) filter (where p.member_id <> ${memberId}) as counterpart_id
      from wallet_transaction_details t
      join wallet_member_postings p on p.transaction_id = t.id
      where t.id = any(${numberArray(transactionIds)}::bigint[])
      group by t.id, t.kind, t.reference, t.created_at
      order by t.id`,
  );
  return rows.map((row) => ({
    transactionId: BigInt(row.id),
    kind: row.kind,
    reference: row.reference,
    amount: BigInt(row.amount),
    counterpartId: row.counterpart_id === null ? null : BigInt(row.counterpart_id),
    createdAt: row.created_at instanceof Date ? row.created_at : new Date(row.created_at),
  }));
};
