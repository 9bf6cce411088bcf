import { and, asc, count, desc, eq, gt, inArray, isNull, ne, or, sql, sum } from 'drizzle-orm';
import { numberArray } from '../../db/array-literals';
import { type Executor, selectRows } from '../../db/database';
import {
  loyaltySettings,
  mallItems,
  mallRedemptions,
  pointConversions,
  vipLevels,
  vipMemberLevels,
} from './loyalty.tables';

export type LoyaltySettingsRow = typeof loyaltySettings.$inferSelect;
export type MallItemRow = typeof mallItems.$inferSelect;
export type NewMallItem = typeof mallItems.$inferInsert;
export type RedemptionRow = typeof mallRedemptions.$inferSelect;
export type ConversionRow = typeof pointConversions.$inferSelect;

/** A brand's settings; the table's defaults when the operator never saved any. */
export const findSettings = async (executor: Executor, brandId: bigint): Promise<LoyaltySettingsRow> => {
  const [row] = await executor.select().from(loyaltySettings).where(eq(loyaltySettings.brandId, brandId));
  return (
    row ?? {
      brandId,
      isPointsEnabled: true,
      pointsPerDepositUnit: '0',
      pointsPerCashUnit: 100,
      minimumConversionPoints: 100,
      conversionTurnoverMultiplier: 1,
      updatedAt: new Date(0),
    }
  );
};

export const upsertPointSettings = async (
  executor: Executor,
  brandId: bigint,
  values: Pick<
    LoyaltySettingsRow,
    | 'isPointsEnabled'
    | 'pointsPerDepositUnit'
    | 'pointsPerCashUnit'
    | 'minimumConversionPoints'
    | 'conversionTurnoverMultiplier'
  >,
  now: Date,
): Promise<LoyaltySettingsRow> => {
  const [row] = await executor
    .insert(loyaltySettings)
    .values({ brandId, ...values, updatedAt: now })
    .onConflictDoUpdate({ target: loyaltySettings.brandId, set: { ...values, updatedAt: now } })
    .returning();
  if (!row) throw new Error('loyalty settings not written');
  return row;
};

/** The VIP rank of each member (0 without a row). */
export const findRanks = async (
  executor: Executor,
  memberIds: readonly bigint[],
): Promise<Map<bigint, number>> => {
  if (memberIds.length === 0) return new Map();
  const rows = await executor
    .select({ memberId: vipMemberLevels.memberId, rank: vipMemberLevels.rank })
    .from(vipMemberLevels)
    .where(inArray(vipMemberLevels.memberId, [...memberIds]));
  return new Map(rows.map((row) => [row.memberId, row.rank]));
};

/** A brand's points per whole currency unit of valid bet, per product line, by VIP rank. */
export const findPointRates = async (
  executor: Executor,
  brandId: bigint,
): Promise<Map<number, Record<string, string>>> => {
  const rows = await executor
    .select({ rank: vipLevels.rank, pointRates: vipLevels.pointRates })
    .from(vipLevels)
    .where(eq(vipLevels.brandId, brandId));
  return new Map(rows.map((row) => [row.rank, row.pointRates]));
};

export type PointsEarningRow = {
  memberId: bigint;
  remainder: bigint;
  earnedBy: Record<string, string>;
};

/** The members' carried fractions and per-source totals, locked (only the fold writes them, under its lock). */
export const findEarningState = async (
  executor: Executor,
  memberIds: readonly bigint[],
): Promise<Map<bigint, PointsEarningRow>> => {
  const rows = await selectRows<{
    member_id: string | bigint;
    points_remainder: string | bigint;
    points_earned_by: Record<string, string>;
  }>(
    executor,
    sql`select member_id, points_remainder, points_earned_by from loyalty_member_totals
      where member_id = any(${numberArray(memberIds)}::bigint[])`,
  );
  return new Map(
    rows.map((row) => [
      BigInt(row.member_id),
      {
        memberId: BigInt(row.member_id),
        remainder: BigInt(row.points_remainder),
        earnedBy: row.points_earned_by,
      },
    ]),
  );
};

/**
 * The points pending of every member but `excludedIds` (whose figures the fold writes itself), set back to zero in
 * the fold's transaction: a points round credits them.
 */
export const takePendingPoints = async (
  executor: Executor,
  excludedIds: readonly bigint[],
): Promise<Array<{ memberId: bigint; brandId: bigint; points: bigint }>> => {
  const rows = await selectRows<{
    member_id: string | bigint;
    brand_id: string | bigint;
    points: string | bigint;
  }>(
    executor,
    sql`with pending as (
        select member_id, brand_id, points_pending from loyalty_member_totals
        where points_pending > 0 and member_id <> all(${numberArray(excludedIds)}::bigint[])
        order by member_id for update
      )
      update loyalty_member_totals t set points_pending = 0, updated_at = now()
      from pending where t.member_id = pending.member_id
      returning t.member_id, t.brand_id, pending.points_pending as points`,
  );
  return rows.map((row) => ({
    memberId: BigInt(row.member_id),
    brandId: BigInt(row.brand_id),
    points: BigInt(row.points),
  }));
};

/** The next points round's number (the fold's lock held, so each number is one round's). */
export const nextPointsRound = async (executor: Executor): Promise<bigint> => {
  const [row] = await selectRows<{ round: string | bigint }>(
    executor,
    sql`update loyalty_fold set points_round = points_round + 1 where id = 1 returning points_round as round`,
  );
  if (!row) throw new Error('loyalty_fold has no row (migration 0047)');
  return BigInt(row.round);
};

// ---- Mall items ----

export const listLiveItems = (executor: Executor, brandId: bigint, rank: number) =>
  executor
    .select()
    .from(mallItems)
    .where(
      and(
        eq(mallItems.brandId, brandId),
        eq(mallItems.status, 'live'),
        or(isNull(mallItems.stock), gt(mallItems.stock, 0)),
        sql`${mallItems.minimumVipRank} <= ${rank}`,
      ),
    )
    .orderBy(asc(mallItems.sortOrder), asc(mallItems.id));

export const listItems = (executor: Executor, brandId: bigint) =>
  executor
    .select()
    .from(mallItems)
    .where(eq(mallItems.brandId, brandId))
    .orderBy(asc(mallItems.sortOrder), asc(mallItems.id));

export const findItem = async (executor: Executor, brandId: bigint, itemId: bigint) => {
  const [row] = await executor
    .select()
    .from(mallItems)
    .where(and(eq(mallItems.brandId, brandId), eq(mallItems.id, itemId)));
  return row;
};

export const insertItem = async (executor: Executor, values: NewMallItem): Promise<MallItemRow> => {
  const [row] = await executor.insert(mallItems).values(values).returning();
  if (!row) throw new Error('mall item not written');
  return row;
};

export const updateItem = async (
  executor: Executor,
  brandId: bigint,
  itemId: bigint,
  values: Partial<NewMallItem>,
): Promise<MallItemRow | undefined> => {
  const [row] = await executor
    .update(mallItems)
    .set(values)
    .where(and(eq(mallItems.brandId, brandId), eq(mallItems.id, itemId)))
    .returning();
  return row;
};

/**
 * Takes `quantity` from the item's stock when that much is left (null stock: unlimited, nothing taken). The
 * condition is in the update, so concurrent redeems never sell more than the stock. Answers whether it was taken.
 */
export const takeStock = async (executor: Executor, itemId: bigint, quantity: number): Promise<boolean> => {
  const rows = await executor
    .update(mallItems)
    .set({
      stock: sql`case when ${mallItems.stock} is null then null else ${mallItems.stock} - ${quantity} end`,
    })
    .where(and(eq(mallItems.id, itemId), or(isNull(mallItems.stock), sql`${mallItems.stock} >= ${quantity}`)))
    .returning({ id: mallItems.id });
  return rows.length > 0;
};

export const returnStock = async (executor: Executor, itemId: bigint, quantity: number): Promise<void> => {
  await executor
    .update(mallItems)
    .set({ stock: sql`${mallItems.stock} + ${quantity}` })
    .where(and(eq(mallItems.id, itemId), sql`${mallItems.stock} is not null`));
};

/** How many of each item the member redeemed (cancelled redemptions not counted). */
export const countRedeemedByMember = async (
  executor: Executor,
  memberId: bigint,
  itemIds?: readonly bigint[],
): Promise<Map<bigint, number>> => {
  const rows = await executor
    .select({ itemId: mallRedemptions.itemId, quantity: sum(mallRedemptions.quantity) })
    .from(mallRedemptions)
    .where(
      and(
        eq(mallRedemptions.memberId, memberId),
        ne(mallRedemptions.status, 'cancelled'),
        itemIds === undefined ? undefined : inArray(mallRedemptions.itemId, [...itemIds]),
      ),
    )
    .groupBy(mallRedemptions.itemId);
  return new Map(rows.map((row) => [row.itemId, Number(row.quantity ?? 0)]));
};

// ---- Redemptions ----

export const findRedemptionByRequest = async (executor: Executor, memberId: bigint, requestId: string) => {
  const [row] = await executor
    .select()
    .from(mallRedemptions)
    .where(and(eq(mallRedemptions.memberId, memberId), eq(mallRedemptions.requestId, requestId)));
  return row;
};

export const insertRedemption = async (
  executor: Executor,
  values: typeof mallRedemptions.$inferInsert,
): Promise<RedemptionRow | undefined> => {
  const [row] = await executor.insert(mallRedemptions).values(values).onConflictDoNothing().returning();
  return row;
};

export const findRedemption = async (executor: Executor, brandId: bigint, redemptionId: bigint) => {
  const [row] = await executor
    .select()
    .from(mallRedemptions)
    .where(and(eq(mallRedemptions.brandId, brandId), eq(mallRedemptions.id, redemptionId)));
  return row;
};

/** Moves a redemption from one of `from` to `to`; answers the row, or undefined when it was not in `from`. */
export const moveRedemption = async (
  executor: Executor,
  redemptionId: bigint,
  from: readonly string[],
  values: Partial<typeof mallRedemptions.$inferInsert> & { status: string; updatedAt: Date },
): Promise<RedemptionRow | undefined> => {
  const [row] = await executor
    .update(mallRedemptions)
    .set(values)
    .where(and(eq(mallRedemptions.id, redemptionId), inArray(mallRedemptions.status, [...from])))
    .returning();
  return row;
};

export type RedemptionWithItem = { redemption: RedemptionRow; item: MallItemRow };

export const listRedemptions = async (
  executor: Executor,
  filter: { brandId: bigint; memberId?: bigint; status?: string | undefined },
  page: { pageNo: number; pageSize: number },
): Promise<{ rows: RedemptionWithItem[]; total: number }> => {
  const where = and(
    eq(mallRedemptions.brandId, filter.brandId),
    filter.memberId === undefined ? undefined : eq(mallRedemptions.memberId, filter.memberId),
    filter.status === undefined ? undefined : eq(mallRedemptions.status, filter.status),
  );
  const rows = await executor
    .select({ redemption: mallRedemptions, item: mallItems })
    .from(mallRedemptions)
    .innerJoin(mallItems, eq(mallItems.id, mallRedemptions.itemId))
    .where(where)
    .orderBy(desc(mallRedemptions.id))
    .limit(page.pageSize)
    .offset((page.pageNo - 1) * page.pageSize);
  const [total] = await executor.select({ value: count() }).from(mallRedemptions).where(where);
  return { rows, total: total?.value ?? 0 };
};

/** Usernames from the members' published directory. */
export const findUsernames = async (
  executor: Executor,
  memberIds: readonly bigint[],
): Promise<Map<bigint, string>> => {
  if (memberIds.length === 0) return new Map();
  const rows = await selectRows<{ id: string | bigint; username: string }>(
    executor,
    sql`select id, username from members_directory where id = any(${numberArray(memberIds)}::bigint[])`,
  );
  return new Map(rows.map((row) => [BigInt(row.id), row.username]));
};

export const findMemberIdByUsername = async (executor: Executor, brandId: bigint, username: string) => {
  const [row] = await selectRows<{ id: string | bigint }>(
    executor,
    sql`select id from members_directory where brand_id = ${brandId} and username = ${username}`,
  );
  return row === undefined ? undefined : BigInt(row.id);
};

/** Points the member spent on redemptions (not cancelled) and on conversions. */
export const sumSpentPoints = async (
  executor: Executor,
  memberId: bigint,
): Promise<{ redeemed: bigint; converted: bigint }> => {
  const [redeemed] = await executor
    .select({ value: sum(mallRedemptions.points) })
    .from(mallRedemptions)
    .where(and(eq(mallRedemptions.memberId, memberId), ne(mallRedemptions.status, 'cancelled')));
  const [converted] = await executor
    .select({ value: sum(pointConversions.points) })
    .from(pointConversions)
    .where(eq(pointConversions.memberId, memberId));
  return { redeemed: BigInt(redeemed?.value ?? 0), converted: BigInt(converted?.value ?? 0) };
};

export const findEarnedBy = async (executor: Executor, memberId: bigint): Promise<Record<string, string>> => {
  const state = await findEarningState(executor, [memberId]);
  return state.get(memberId)?.earnedBy ?? {};
};

// ---- Conversions ----

export const findConversionByRequest = async (executor: Executor, memberId: bigint, requestId: string) => {
  const [row] = await executor
    .select()
    .from(pointConversions)
    .where(and(eq(pointConversions.memberId, memberId), eq(pointConversions.requestId, requestId)));
  return row;
};

export const insertConversion = async (
  executor: Executor,
  values: typeof pointConversions.$inferInsert,
): Promise<ConversionRow> => {
  const [row] = await executor.insert(pointConversions).values(values).returning();
  if (!row) throw new Error('conversion not written');
  return row;
};

/** Which of these uploads a mall item shows (the upload purge keeps them). */
export const listItemImageUploads = async (
  executor: Executor,
  uploadIds: readonly string[],
): Promise<string[]> => {
  if (uploadIds.length === 0) return [];
  const rows = await executor
    .selectDistinct({ id: mallItems.imageUploadId })
    .from(mallItems)
    .where(inArray(mallItems.imageUploadId, [...uploadIds]));
  return rows.flatMap((row) => (row.id === null ? [] : [row.id]));
};
