import { and, eq, sql } from 'drizzle-orm';
import { type Executor, selectRows } from '../../../db/database';
import { pvpBotRooms } from './bots.tables';

export type PvpBotRoomRow = typeof pvpBotRooms.$inferSelect;

export const listBotRooms = (executor: Executor, brandId: bigint): Promise<PvpBotRoomRow[]> =>
  executor.select().from(pvpBotRooms).where(eq(pvpBotRooms.brandId, brandId));

export const isBotRoomEnabled = async (
  executor: Executor,
  brandId: bigint,
  roomCode: string,
): Promise<boolean> => {
  const [row] = await executor
    .select({ isEnabled: pvpBotRooms.isEnabled })
    .from(pvpBotRooms)
    .where(and(eq(pvpBotRooms.brandId, brandId), eq(pvpBotRooms.roomCode, roomCode)));
  return row?.isEnabled ?? false;
};

export const upsertBotRoom = async (
  executor: Executor,
  values: { brandId: bigint; roomCode: string; isEnabled: boolean; updatedAt: Date },
): Promise<void> => {
  await executor
    .insert(pvpBotRooms)
    .values(values)
    .onConflictDoUpdate({
      target: [pvpBotRooms.brandId, pvpBotRooms.roomCode],
      set: { isEnabled: values.isEnabled, updatedAt: values.updatedAt },
    });
};

/**
 * Hold'em tables where the bots have something to do: a bot to act whose thinking time is over (its turn
 * began at the deadline less the hand's turn time), or, with no hand in play, a table whose bots are not what
 * they should be (one when the room's switch is on and exactly one member is waiting to play, else none).
 */
export const listBotTablesToDrive = async (
  executor: Executor,
  now: Date,
  thinkMs: number,
): Promise<bigint[]> => {
  const rows = await selectRows<{ id: string }>(
    executor,
    sql`select t.id::text as id
        from pvp_tables t
        left join pvp_bot_rooms r on r.brand_id = t.brand_id and r.room_code = t.room_code
        cross join lateral (
          select count(*) filter (where s.is_bot) as bots,
                 count(*) filter (where not s.is_bot and s.status = 'playing' and s.stack > 0
                                  and not s.is_leaving) as waiting
          from pvp_seats s where s.table_id = t.id and s.left_at is null
        ) seated
        where t.game = 'HOLDEM'
          and (seated.bots > 0 or coalesce(r.is_enabled, false))
          and (
            exists (select 1 from pvp_hands h
                    join pvp_seats s on s.table_id = h.table_id and s.left_at is null and s.is_bot
                                    and s.seat = (h.state ->> 'toAct')::int
                    where h.table_id = t.id and h.status = 'playing'
                      and h.deadline - ((h.state ->> 'turnMs')::int - ${thinkMs}::int) * interval '1 millisecond'
                          <= ${now})
            or (not exists (select 1 from pvp_hands h where h.table_id = t.id and h.status = 'playing')
                and seated.bots <> case when coalesce(r.is_enabled, false) and seated.waiting = 1
                                        then 1 else 0 end))
        order by t.id`,
  );
  return rows.map((row) => BigInt(row.id));
};

/**
 * What the brand's bots hold at its tables in one currency: their open seats' stacks and their chips in
 * hands in play (players whose id is `bot:…`, bots-players.ts).
 */
export const botChipsAtTables = async (
  executor: Executor,
  brandId: bigint,
  currency: string,
): Promise<bigint> => {
  const [row] = await selectRows<{ chips: string }>(
    executor,
    sql`select (
          coalesce((select sum(s.stack) from pvp_seats s join pvp_tables t on t.id = s.table_id
                    where t.brand_id = ${brandId} and t.currency = ${currency} and s.left_at is null
                      and s.is_bot), 0)
        + coalesce((select sum((p.value ->> 'totalIn')::numeric) from pvp_hands h
                    join pvp_tables t on t.id = h.table_id
                    cross join lateral jsonb_array_elements(h.state -> 'players') p
                    where t.brand_id = ${brandId} and t.currency = ${currency} and h.status = 'playing'
                      and p.value ->> 'memberId' like 'bot:%'), 0)
        )::text as chips`,
  );
  return BigInt(row?.chips ?? '0');
};

/** Per table of the brand in one currency: the room, bots seated and members seated. */
export const listTableSeating = (executor: Executor, brandId: bigint, currency: string) =>
  selectRows<{ table_id: string; room_code: string; bots: number; members: number }>(
    executor,
    sql`select t.id::text as table_id, t.room_code,
               (count(s.id) filter (where s.is_bot))::int as bots,
               (count(s.id) filter (where not s.is_bot))::int as members
        from pvp_tables t
        left join pvp_seats s on s.table_id = t.id and s.left_at is null
        where t.brand_id = ${brandId} and t.currency = ${currency}
        group by t.id, t.room_code
        order by t.id`,
  );
