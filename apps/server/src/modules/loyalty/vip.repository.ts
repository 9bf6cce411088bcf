import { and, asc, count, eq, inArray, lt, sql } from 'drizzle-orm';
import { type Executor, selectRows } from '../../db/database';
import { loyaltyMemberTotals, vipLevelChanges, vipLevels, vipMemberLevels } from './loyalty.tables';

export type VipLevelRow = typeof vipLevels.$inferSelect;
export type NewVipLevel = Omit<typeof vipLevels.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;
export type MemberLevelRow = typeof vipMemberLevels.$inferSelect;
export type VipBrand = { id: bigint; currency: string; timeZone: string };

export const listLevels = (executor: Executor, brandId: bigint): Promise<VipLevelRow[]> =>
  executor.select().from(vipLevels).where(eq(vipLevels.brandId, brandId)).orderBy(asc(vipLevels.rank));

export const levelsOfBrands = (executor: Executor, brandIds: readonly bigint[]): Promise<VipLevelRow[]> =>
  executor
    .select()
    .from(vipLevels)
    .where(inArray(vipLevels.brandId, [...brandIds]))
    .orderBy(asc(vipLevels.brandId), asc(vipLevels.rank));

export const findLevel = async (executor: Executor, brandId: bigint, id: bigint) =>
  (
    await executor
      .select()
      .from(vipLevels)
      .where(and(eq(vipLevels.brandId, brandId), eq(vipLevels.id, id)))
  )[0];

export const insertLevel = async (executor: Executor, level: NewVipLevel): Promise<VipLevelRow> => {
  const [row] = await executor.insert(vipLevels).values(level).returning();
  if (!row) throw new Error('vip level not inserted');
  return row;
};

export const updateLevel = async (
  executor: Executor,
  id: bigint,
  level: NewVipLevel,
  now: Date,
): Promise<VipLevelRow> => {
  const [row] = await executor
    .update(vipLevels)
    .set({ ...level, updatedAt: now })
    .where(eq(vipLevels.id, id))
    .returning();
  if (!row) throw new Error(`vip level ${id} vanished`);
  return row;
};

export const deleteLevel = async (executor: Executor, id: bigint): Promise<void> => {
  await executor.delete(vipLevels).where(eq(vipLevels.id, id));
};

/** Locks the brand's level rows, so a member level set by hand cannot pick a level being deleted. */
export const lockLevels = (executor: Executor, brandId: bigint): Promise<VipLevelRow[]> =>
  executor
    .select()
    .from(vipLevels)
    .where(eq(vipLevels.brandId, brandId))
    .orderBy(asc(vipLevels.rank))
    .for('update');

/** How many members hold each rank of the brand (members without a row hold rank 0 and are not counted). */
export const memberCountsByRank = async (
  executor: Executor,
  brandId: bigint,
): Promise<Map<number, number>> => {
  const rows = await executor
    .select({ rank: vipMemberLevels.rank, members: count() })
    .from(vipMemberLevels)
    .where(eq(vipMemberLevels.brandId, brandId))
    .groupBy(vipMemberLevels.rank);
  return new Map(rows.map((row) => [row.rank, row.members]));
};

export const findMemberLevel = async (executor: Executor, memberId: bigint) =>
  (await executor.select().from(vipMemberLevels).where(eq(vipMemberLevels.memberId, memberId)))[0];

/** The members' level ranks as they stand (members without a row are absent), without locking. */
export const ranksOf = async (
  executor: Executor,
  memberIds: readonly bigint[],
): Promise<Map<bigint, number>> => {
  const rows = await executor
    .select({ memberId: vipMemberLevels.memberId, rank: vipMemberLevels.rank })
    .from(vipMemberLevels)
    .where(inArray(vipMemberLevels.memberId, [...memberIds]));
  return new Map(rows.map((row) => [row.memberId, row.rank]));
};

/** The members' level rows, locked until the transaction ends (members without a row are absent). */
export const lockMemberLevels = (
  executor: Executor,
  memberIds: readonly bigint[],
): Promise<MemberLevelRow[]> =>
  executor
    .select()
    .from(vipMemberLevels)
    .where(inArray(vipMemberLevels.memberId, [...memberIds]))
    .orderBy(asc(vipMemberLevels.memberId))
    .for('update');

export const totalsOf = (executor: Executor, memberIds: readonly bigint[]) =>
  executor
    .select({
      memberId: loyaltyMemberTotals.memberId,
      brandId: loyaltyMemberTotals.brandId,
      depositTotal: loyaltyMemberTotals.depositTotal,
      validBetTotal: loyaltyMemberTotals.validBetTotal,
    })
    .from(loyaltyMemberTotals)
    .where(inArray(loyaltyMemberTotals.memberId, [...memberIds]));

/** Writes a member's level (a first row or a change); `highestRank` is kept as the caller computed it. */
export const saveMemberLevel = async (
  executor: Executor,
  row: {
    memberId: bigint;
    brandId: bigint;
    rank: number;
    highestRank: number;
    periodStart: string;
    at: Date;
  },
): Promise<void> => {
  const values = {
    memberId: row.memberId,
    brandId: row.brandId,
    rank: row.rank,
    highestRank: row.highestRank,
    reachedAt: row.at,
    periodStart: row.periodStart,
    updatedAt: row.at,
  };
  await executor
    .insert(vipMemberLevels)
    .values(values)
    .onConflictDoUpdate({
      target: vipMemberLevels.memberId,
      set: {
        rank: values.rank,
        highestRank: values.highestRank,
        reachedAt: values.reachedAt,
        periodStart: values.periodStart,
        updatedAt: values.updatedAt,
      },
    });
};

/**
 * Moves a member's level only when it is still what the caller read (rank and period start), so two reviews of
 * the same period, or a review racing a promotion, change it once. Answers whether it moved.
 */
export const moveMemberLevel = async (
  executor: Executor,
  from: { memberId: bigint; rank: number; periodStart: string },
  to: { rank: number; periodStart: string; at: Date },
): Promise<boolean> => {
  const rows = await executor
    .update(vipMemberLevels)
    .set({
      rank: to.rank,
      periodStart: to.periodStart,
      updatedAt: to.at,
      ...(to.rank !== from.rank ? { reachedAt: to.at } : {}),
    })
    .where(
      and(
        eq(vipMemberLevels.memberId, from.memberId),
        eq(vipMemberLevels.rank, from.rank),
        eq(vipMemberLevels.periodStart, from.periodStart),
      ),
    )
    .returning({ memberId: vipMemberLevels.memberId });
  return rows.length > 0;
};

/** Records a change once per member and reference; answers false when that reference was recorded before. */
export const insertLevelChange = async (
  executor: Executor,
  change: typeof vipLevelChanges.$inferInsert,
): Promise<boolean> => {
  const rows = await executor
    .insert(vipLevelChanges)
    .values(change)
    .onConflictDoNothing()
    .returning({ id: vipLevelChanges.id });
  return rows.length > 0;
};

export const findLevelChange = async (executor: Executor, memberId: bigint, reference: string) =>
  (
    await executor
      .select()
      .from(vipLevelChanges)
      .where(and(eq(vipLevelChanges.memberId, memberId), eq(vipLevelChanges.reference, reference)))
  )[0];

/** A member's deposit and valid bet on the days [from, to) of the brand's clock. */
export const figuresBetween = async (
  executor: Executor,
  memberId: bigint,
  from: string,
  to: string,
): Promise<{ deposit: bigint; validBet: bigint }> => {
  const [row] = await selectRows<{ deposit: string | bigint; valid_bet: string | bigint }>(
    executor,
    sql`select coalesce(sum(deposit_amount), 0) as deposit, coalesce(sum(valid_bet), 0) as valid_bet
      from loyalty_member_days where member_id = ${memberId} and day >= ${from} and day < ${to}`,
  );
  return { deposit: BigInt(row?.deposit ?? 0), validBet: BigInt(row?.valid_bet ?? 0) };
};

/** Members of a brand at `rank` whose keep period began before `before` (a period that has ended), a page. */
export const membersDueForReview = (
  executor: Executor,
  brandId: bigint,
  rank: number,
  before: string,
  limit: number,
): Promise<MemberLevelRow[]> =>
  executor
    .select()
    .from(vipMemberLevels)
    .where(
      and(
        eq(vipMemberLevels.brandId, brandId),
        eq(vipMemberLevels.rank, rank),
        lt(vipMemberLevels.periodStart, before),
      ),
    )
    .orderBy(asc(vipMemberLevels.memberId))
    .limit(limit);

/** Members of a brand at `rank`, by id after `afterId`, a page. */
export const membersAtRank = (
  executor: Executor,
  brandId: bigint,
  rank: number,
  afterId: bigint,
  limit: number,
): Promise<MemberLevelRow[]> =>
  executor
    .select()
    .from(vipMemberLevels)
    .where(
      and(
        eq(vipMemberLevels.brandId, brandId),
        eq(vipMemberLevels.rank, rank),
        sql`${vipMemberLevels.memberId} > ${afterId}`,
      ),
    )
    .orderBy(asc(vipMemberLevels.memberId))
    .limit(limit);

/**
 * Members above rank 0 whose birthday (members' published view) falls on one of `monthDays` ('MM-DD'), after
 * `afterId`, with their rank.
 */
export const membersWithBirthday = async (
  executor: Executor,
  brandId: bigint,
  monthDays: readonly string[],
  afterId: bigint,
  limit: number,
): Promise<Array<{ memberId: bigint; rank: number }>> => {
  const rows = await selectRows<{ member_id: string | bigint; rank: number }>(
    executor,
    sql`select l.member_id, l.rank from vip_member_levels l join members_birthdays b on b.id = l.member_id
      where l.brand_id = ${brandId} and l.rank > 0 and l.member_id > ${afterId}
        and to_char(b.birthday, 'MM-DD') in (${sql.join(
          monthDays.map((day) => sql`${day}`),
          sql`, `,
        )})
      order by l.member_id limit ${limit}`,
  );
  return rows.map((row) => ({ memberId: BigInt(row.member_id), rank: row.rank }));
};

/** The brands that have VIP levels, with their currency and time zone (the site's published view). */
export const brandsWithLevels = async (executor: Executor): Promise<VipBrand[]> => {
  const rows = await selectRows<{ id: string | bigint; currency: string; time_zone: string }>(
    executor,
    sql`select b.id, b.currency, b.time_zone from site_brands b
      where exists (select 1 from vip_levels l where l.brand_id = b.id) order by b.id`,
  );
  return rows.map((row) => ({ id: BigInt(row.id), currency: row.currency, timeZone: row.time_zone }));
};

export const brandsOf = async (executor: Executor, brandIds: readonly bigint[]): Promise<VipBrand[]> => {
  if (brandIds.length === 0) return [];
  const rows = await selectRows<{ id: string | bigint; currency: string; time_zone: string }>(
    executor,
    sql`select id, currency, time_zone from site_brands where id in (${sql.join(
      brandIds.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
  return rows.map((row) => ({ id: BigInt(row.id), currency: row.currency, timeZone: row.time_zone }));
};
