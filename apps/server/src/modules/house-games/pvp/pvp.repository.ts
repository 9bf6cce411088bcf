import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { type Executor, selectRows } from '../../../db/database';
import type { PvpRoom } from './pvp-rooms';
import { pvpActions, pvpHands, pvpSeats, pvpTables } from './pvp.tables';

export type PvpTableRow = typeof pvpTables.$inferSelect;
export type PvpSeatRow = typeof pvpSeats.$inferSelect;
export type PvpHandRow = typeof pvpHands.$inferSelect;
export type PvpActionRow = typeof pvpActions.$inferSelect;

/* ---- Tables ---- */

/** One table per room for the brand and currency; tables that exist are left as they are. */
export const ensureTables = async (
  executor: Executor,
  brandId: bigint,
  currency: string,
  rooms: readonly PvpRoom[],
): Promise<void> => {
  if (rooms.length === 0) return;
  await executor
    .insert(pvpTables)
    .values(
      rooms.map((room) => ({
        brandId,
        currency,
        roomCode: room.code,
        game: room.game,
        seatCount: room.seats,
        smallBlind: room.smallBlind,
        bigBlind: room.bigBlind,
        minBuyIn: room.minBuyIn,
        maxBuyIn: room.maxBuyIn,
        rakeBasisPoints: room.rakeBasisPoints,
        rakeCap: room.rakeCap,
      })),
    )
    .onConflictDoNothing();
};

export const listTables = (executor: Executor, brandId: bigint, currency: string) =>
  executor
    .select()
    .from(pvpTables)
    .where(and(eq(pvpTables.brandId, brandId), eq(pvpTables.currency, currency)))
    .orderBy(asc(pvpTables.game), asc(pvpTables.bigBlind), asc(pvpTables.seatCount));

/** Per table of the list: seats taken and whether a hand is in play. */
export const tableOccupancy = async (executor: Executor, tableIds: readonly bigint[]) => {
  if (tableIds.length === 0) return new Map<bigint, { seated: number; isHandInPlay: boolean }>();
  const seats = await executor
    .select({ tableId: pvpSeats.tableId, seated: sql<number>`count(*)::int` })
    .from(pvpSeats)
    .where(and(inArray(pvpSeats.tableId, [...tableIds]), isNull(pvpSeats.leftAt)))
    .groupBy(pvpSeats.tableId);
  const hands = await executor
    .select({ tableId: pvpHands.tableId })
    .from(pvpHands)
    .where(and(inArray(pvpHands.tableId, [...tableIds]), eq(pvpHands.status, 'playing')));
  const playing = new Set(hands.map((hand) => hand.tableId));
  return new Map(
    tableIds.map((id) => [
      id,
      { seated: seats.find((row) => row.tableId === id)?.seated ?? 0, isHandInPlay: playing.has(id) },
    ]),
  );
};

export const findTable = async (executor: Executor, id: bigint): Promise<PvpTableRow | undefined> => {
  const [row] = await executor.select().from(pvpTables).where(eq(pvpTables.id, id));
  return row;
};

/** The table's row, locked for the transaction: every change at a table goes through it, one at a time. */
export const lockTable = async (executor: Executor, id: bigint): Promise<PvpTableRow | undefined> => {
  const [row] = await executor.select().from(pvpTables).where(eq(pvpTables.id, id)).for('update');
  return row;
};

export const countHand = async (executor: Executor, id: bigint): Promise<number> => {
  const [row] = await executor
    .update(pvpTables)
    .set({ handCount: sql`${pvpTables.handCount} + 1` })
    .where(eq(pvpTables.id, id))
    .returning({ handCount: pvpTables.handCount });
  if (!row) throw new Error(`pvp table ${id} is gone`);
  return row.handCount;
};

/**
 * Tables the driver has work at: a hand whose player to act is out of time, or no hand in play and two
 * seats that could be dealt in (the pause after the last hand is checked under the table's lock).
 */
export const listTablesToDrive = async (executor: Executor, now: Date): Promise<bigint[]> => {
  const rows = await selectRows<{ id: string }>(
    executor,
    sql`select t.id::text as id from pvp_tables t
        where exists (select 1 from pvp_hands h
                      where h.table_id = t.id and h.status = 'playing' and h.deadline <= ${now})
           or (not exists (select 1 from pvp_hands h where h.table_id = t.id and h.status = 'playing')
               and (select count(*) from pvp_seats s
                    where s.table_id = t.id and s.left_at is null and s.status = 'playing'
                      and s.stack > 0 and not s.is_leaving) >= 2)
        order by t.id`,
  );
  return rows.map((row) => BigInt(row.id));
};

/* ---- Seats ---- */

export const listOpenSeats = (executor: Executor, tableId: bigint): Promise<PvpSeatRow[]> =>
  executor
    .select()
    .from(pvpSeats)
    .where(and(eq(pvpSeats.tableId, tableId), isNull(pvpSeats.leftAt)))
    .orderBy(asc(pvpSeats.seat));

export const findSeatByRequest = async (
  executor: Executor,
  memberId: bigint,
  requestId: string,
): Promise<PvpSeatRow | undefined> => {
  const [row] = await executor
    .select()
    .from(pvpSeats)
    .where(and(eq(pvpSeats.memberId, memberId), eq(pvpSeats.requestId, requestId)));
  return row;
};

export const insertSeat = async (
  executor: Executor,
  values: Omit<typeof pvpSeats.$inferInsert, 'id'>,
): Promise<PvpSeatRow> => {
  const [row] = await executor.insert(pvpSeats).values(values).returning();
  if (!row) throw new Error('seat not written');
  return row;
};

export const updateSeat = async (
  executor: Executor,
  id: bigint,
  patch: Partial<Pick<PvpSeatRow, 'stack' | 'status' | 'missedHands' | 'isLeaving'>>,
): Promise<void> => {
  await executor.update(pvpSeats).set(patch).where(eq(pvpSeats.id, id));
};

export const closeSeat = async (
  executor: Executor,
  id: bigint,
  values: { cashedOut: bigint; cashOutTransactionId: bigint | null; leftAt: Date },
): Promise<void> => {
  await executor
    .update(pvpSeats)
    .set({ ...values, stack: 0n })
    .where(and(eq(pvpSeats.id, id), isNull(pvpSeats.leftAt)));
};

/* ---- Hands ---- */

export const findPlayingHand = async (
  executor: Executor,
  tableId: bigint,
): Promise<PvpHandRow | undefined> => {
  const [row] = await executor
    .select()
    .from(pvpHands)
    .where(and(eq(pvpHands.tableId, tableId), eq(pvpHands.status, 'playing')));
  return row;
};

export const findLatestHand = async (
  executor: Executor,
  tableId: bigint,
): Promise<PvpHandRow | undefined> => {
  const [row] = await executor
    .select()
    .from(pvpHands)
    .where(eq(pvpHands.tableId, tableId))
    .orderBy(desc(pvpHands.number))
    .limit(1);
  return row;
};

export const findHand = async (executor: Executor, id: bigint): Promise<PvpHandRow | undefined> => {
  const [row] = await executor.select().from(pvpHands).where(eq(pvpHands.id, id));
  return row;
};

export const insertHand = async (
  executor: Executor,
  values: Omit<typeof pvpHands.$inferInsert, 'id'>,
): Promise<PvpHandRow> => {
  const [row] = await executor.insert(pvpHands).values(values).returning();
  if (!row) throw new Error('hand not written');
  return row;
};

export const updateHand = async (
  executor: Executor,
  id: bigint,
  patch: Partial<
    Pick<
      PvpHandRow,
      'state' | 'records' | 'deadline' | 'status' | 'rake' | 'rakeTransactionId' | 'result' | 'endedAt'
    >
  >,
): Promise<void> => {
  await executor.update(pvpHands).set(patch).where(eq(pvpHands.id, id));
};

/* ---- Actions ---- */

export const findAction = async (
  executor: Executor,
  memberId: bigint,
  actionId: string,
): Promise<PvpActionRow | undefined> => {
  const [row] = await executor
    .select()
    .from(pvpActions)
    .where(and(eq(pvpActions.memberId, memberId), eq(pvpActions.actionId, actionId)));
  return row;
};

export const insertAction = async (
  executor: Executor,
  values: Omit<typeof pvpActions.$inferInsert, 'id' | 'createdAt'>,
): Promise<void> => {
  await executor.insert(pvpActions).values(values);
};

/* ---- Conservation ---- */

/**
 * The chips a brand's tables hold in one currency: every open seat's stack and every chip put into a hand
 * still in play. The brand's `table_stacks` account must hold exactly this.
 */
export const chipsAtTables = async (
  executor: Executor,
  brandId: bigint,
  currency: string,
): Promise<bigint> => {
  const [row] = await selectRows<{ chips: string }>(
    executor,
    sql`select (
          coalesce((select sum(s.stack) from pvp_seats s join pvp_tables t on t.id = s.table_id
                    where t.brand_id = ${brandId} and t.currency = ${currency} and s.left_at is null), 0)
        + coalesce((select sum((p.value ->> 'totalIn')::numeric) from pvp_hands h
                    join pvp_tables t on t.id = h.table_id
                    cross join lateral jsonb_array_elements(h.state -> 'players') p
                    where t.brand_id = ${brandId} and t.currency = ${currency} and h.status = 'playing'), 0)
        )::text as chips`,
  );
  return BigInt(row?.chips ?? '0');
};
