import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { type Executor, selectRows } from '../../db/database';
import {
  type LotteryDrawStatus,
  type LotteryResultSource,
  lotteryBets,
  lotteryDraws,
  lotteryGameSettings,
  lotteryNumberLimits,
} from './lottery.tables';
import { numberArray, textArray } from '../../db/array-literals';

/** The SQL of the lottery: draws, bets, exposures, limits (its rounds of the betting record are the games module's). */

export type DrawRow = typeof lotteryDraws.$inferSelect;
export type BetRow = typeof lotteryBets.$inferSelect;

export const insertDraws = async (executor: Executor, rows: Array<typeof lotteryDraws.$inferInsert>) => {
  if (rows.length === 0) return;
  await executor.insert(lotteryDraws).values(rows).onConflictDoNothing();
};

/** Open draws whose cut-off passed become closed; waits for bets holding the draw's share lock. */
export const closeDueDraws = (executor: Executor) =>
  executor
    .update(lotteryDraws)
    .set({ status: 'closed' })
    .where(and(eq(lotteryDraws.status, 'open'), sql`${lotteryDraws.closesAt} <= now()`))
    .returning({ id: lotteryDraws.id });

export const listDueFairDraws = (executor: Executor, limit: number) =>
  executor
    .select()
    .from(lotteryDraws)
    .where(
      and(
        eq(lotteryDraws.status, 'closed'),
        eq(lotteryDraws.resultSource, 'fair'),
        sql`${lotteryDraws.drawAt} <= now()`,
      ),
    )
    .orderBy(lotteryDraws.drawAt)
    .limit(limit);

/** Records the result of a closed, due draw; answers nothing when another instance did it first. */
export const recordResult = async (executor: Executor, drawId: bigint, result: Record<string, unknown>) => {
  const [row] = await executor
    .update(lotteryDraws)
    .set({ status: 'drawn', result, drawnAt: sql`now()` })
    .where(
      and(
        eq(lotteryDraws.id, drawId),
        eq(lotteryDraws.status, 'closed'),
        sql`${lotteryDraws.drawAt} <= now()`,
      ),
    )
    .returning();
  return row;
};

/** Drawn draws, and settling ones whose lease ran out (their settler died). */
export const listSettleableDraws = (executor: Executor, limit: number) =>
  executor
    .select({ id: lotteryDraws.id, status: lotteryDraws.status })
    .from(lotteryDraws)
    .where(
      sql`${lotteryDraws.status} = 'drawn' or (${lotteryDraws.status} = 'settling' and ${lotteryDraws.settleLeaseUntil} < now())`,
    )
    .orderBy(lotteryDraws.drawAt)
    .limit(limit);

/** Claims (or renews) the right to settle a draw for `leaseSeconds`; exactly one instance gets it. */
export const claimSettlement = async (
  executor: Executor,
  drawId: bigint,
  leaseSeconds: number,
  renew: boolean,
) => {
  const [row] = await executor
    .update(lotteryDraws)
    .set({ status: 'settling', settleLeaseUntil: sql`now() + make_interval(secs => ${leaseSeconds})` })
    .where(
      and(
        eq(lotteryDraws.id, drawId),
        renew
          ? eq(lotteryDraws.status, 'settling')
          : sql`(${lotteryDraws.status} = 'drawn' or (${lotteryDraws.status} = 'settling' and ${lotteryDraws.settleLeaseUntil} < now()))`,
      ),
    )
    .returning();
  return row;
};

export const markSettled = async (executor: Executor, drawId: bigint) => {
  const [row] = await executor
    .update(lotteryDraws)
    .set({ status: 'settled', settledAt: sql`now()`, settleLeaseUntil: null })
    .where(
      and(
        eq(lotteryDraws.id, drawId),
        eq(lotteryDraws.status, 'settling'),
        sql`not exists (select 1 from lottery_bets where draw_id = ${drawId} and status = 'pending')`,
      ),
    )
    .returning({ id: lotteryDraws.id });
  return row;
};

export type PendingBet = {
  id: bigint;
  member_id: bigint;
  round_id: bigint | null;
  currency: string;
  bet_type: string;
  numbers: string[];
  stations: string[];
  unit_stake: bigint;
  stake: bigint;
  bonus_staked: bigint;
};

/** The next pending bets of a draw, locked; rows another settler holds are skipped. */
export const lockPendingBets = (executor: Executor, drawId: bigint, limit: number) =>
  selectRows<PendingBet>(
    executor,
    sql`select id, member_id, round_id, currency, bet_type, numbers, stations, unit_stake, stake, bonus_staked
        from lottery_bets
        where draw_id = ${drawId} and status = 'pending'
        order by id
        limit ${limit}
        for update skip locked`,
  );

/** Settles bets (won or lost, with their payout) in one set-based statement. */
export const settleBets = async (
  executor: Executor,
  bets: ReadonlyArray<{ id: bigint; payout: bigint }>,
): Promise<void> => {
  if (bets.length === 0) return;
  const ids = numberArray(bets.map((bet) => bet.id));
  const payouts = numberArray(bets.map((bet) => bet.payout));
  await executor.execute(sql`
    update lottery_bets bet
    set status = case when settled.payout > 0 then 'won' else 'lost' end,
        payout = settled.payout,
        settled_at = now()
    from unnest(${ids}::int8[], ${payouts}::int8[]) as settled (id, payout)
    where bet.id = settled.id and bet.status = 'pending'`);
};

export const findDrawByPublicId = async (executor: Executor, brandId: bigint, publicId: string) => {
  const [row] = await executor
    .select()
    .from(lotteryDraws)
    .where(and(eq(lotteryDraws.brandId, brandId), eq(lotteryDraws.publicId, publicId)))
    .limit(1);
  return row;
};

export const findDrawById = async (executor: Executor, drawId: bigint) => {
  const [row] = await executor.select().from(lotteryDraws).where(eq(lotteryDraws.id, drawId)).limit(1);
  return row;
};

/** The open draw still taking bets, locked against closing until the caller's transaction ends. */
export const lockOpenDraw = async (executor: Executor, drawId: bigint) => {
  const rows = await selectRows<{ id: bigint }>(
    executor,
    sql`select id from lottery_draws where id = ${drawId} and status = 'open' and closes_at > now() for share`,
  );
  return rows[0];
};

/** The draw taking bets now (else the next one) and the latest drawn one, of a game. */
export const findCurrentDraw = async (executor: Executor, brandId: bigint, gameCode: string) => {
  const [row] = await executor
    .select()
    .from(lotteryDraws)
    .where(
      and(
        eq(lotteryDraws.brandId, brandId),
        eq(lotteryDraws.gameCode, gameCode),
        eq(lotteryDraws.status, 'open'),
        sql`${lotteryDraws.closesAt} > now()`,
      ),
    )
    .orderBy(lotteryDraws.drawAt)
    .limit(1);
  return row;
};

export const findLastDrawn = async (executor: Executor, brandId: bigint, gameCode: string) => {
  const [row] = await executor
    .select()
    .from(lotteryDraws)
    .where(
      and(
        eq(lotteryDraws.brandId, brandId),
        eq(lotteryDraws.gameCode, gameCode),
        inArray(lotteryDraws.status, ['drawn', 'settling', 'settled']),
      ),
    )
    .orderBy(desc(lotteryDraws.drawAt))
    .limit(1);
  return row;
};

export const listDraws = async (
  executor: Executor,
  filter: {
    brandId: bigint;
    gameCode?: string | undefined;
    statuses?: readonly LotteryDrawStatus[];
    /** VN: only draws where this station draws. */
    stationCode?: string | undefined;
  },
  page: { limit: number; offset: number; soonestFirst?: boolean },
) => {
  const where = and(
    eq(lotteryDraws.brandId, filter.brandId),
    filter.gameCode === undefined ? undefined : eq(lotteryDraws.gameCode, filter.gameCode),
    filter.statuses === undefined ? undefined : inArray(lotteryDraws.status, [...filter.statuses]),
    filter.stationCode === undefined
      ? undefined
      : sql`${lotteryDraws.stations} @> ${JSON.stringify([{ code: filter.stationCode }])}::jsonb`,
  );
  const [rows, [total]] = await Promise.all([
    executor
      .select()
      .from(lotteryDraws)
      .where(where)
      .orderBy(page.soonestFirst === true ? asc(lotteryDraws.drawAt) : desc(lotteryDraws.drawAt))
      .limit(page.limit)
      .offset(page.offset),
    executor.select({ total: count() }).from(lotteryDraws).where(where),
  ]);
  return { rows, total: total?.total ?? 0 };
};

export const drawTotals = (executor: Executor, drawIds: readonly bigint[]) =>
  drawIds.length === 0
    ? Promise.resolve([])
    : selectRows<{ draw_id: bigint; bet_count: bigint; total_stake: bigint; total_payout: bigint }>(
        executor,
        sql`select draw_id, count(*)::int8 as bet_count, coalesce(sum(stake), 0)::int8 as total_stake,
                   coalesce(sum(payout), 0)::int8 as total_payout
            from lottery_bets where draw_id = any(${numberArray(drawIds)}::int8[]) group by draw_id`,
      );

export const findGameSettings = async (executor: Executor, brandId: bigint, gameCode: string) => {
  const [row] = await executor
    .select()
    .from(lotteryGameSettings)
    .where(and(eq(lotteryGameSettings.brandId, brandId), eq(lotteryGameSettings.gameCode, gameCode)))
    .limit(1);
  return row;
};

export const listGameSettings = (executor: Executor) => executor.select().from(lotteryGameSettings);

export const upsertGameSettings = async (
  executor: Executor,
  values: {
    brandId: bigint;
    gameCode: string;
    resultSource: LotteryResultSource;
    defaultNumberCap: bigint | null;
  },
) => {
  const [row] = await executor
    .insert(lotteryGameSettings)
    .values(values)
    .onConflictDoUpdate({
      target: [lotteryGameSettings.brandId, lotteryGameSettings.gameCode],
      set: {
        resultSource: values.resultSource,
        defaultNumberCap: values.defaultNumberCap,
        updatedAt: new Date(),
      },
    })
    .returning();
  return row;
};

/** Future draws not yet closed follow a change of the game's result source. */
export const setOpenDrawsSource = (
  executor: Executor,
  brandId: bigint,
  gameCode: string,
  resultSource: LotteryResultSource,
) =>
  executor
    .update(lotteryDraws)
    .set({ resultSource })
    .where(
      and(
        eq(lotteryDraws.brandId, brandId),
        eq(lotteryDraws.gameCode, gameCode),
        eq(lotteryDraws.status, 'open'),
      ),
    );

export const listNumberLimits = (
  executor: Executor,
  brandId: bigint,
  gameCode: string,
  numbers?: readonly string[],
) =>
  executor
    .select()
    .from(lotteryNumberLimits)
    .where(
      and(
        eq(lotteryNumberLimits.brandId, brandId),
        eq(lotteryNumberLimits.gameCode, gameCode),
        numbers === undefined ? undefined : inArray(lotteryNumberLimits.number, [...numbers]),
      ),
    )
    .orderBy(lotteryNumberLimits.number);

export const upsertNumberLimit = async (
  executor: Executor,
  values: { brandId: bigint; gameCode: string; number: string; cap: bigint | null; blocked: boolean },
) => {
  const [before] = await executor
    .select()
    .from(lotteryNumberLimits)
    .where(
      and(
        eq(lotteryNumberLimits.brandId, values.brandId),
        eq(lotteryNumberLimits.gameCode, values.gameCode),
        eq(lotteryNumberLimits.number, values.number),
      ),
    )
    .for('update');
  const [row] = await executor
    .insert(lotteryNumberLimits)
    .values(values)
    .onConflictDoUpdate({
      target: [lotteryNumberLimits.brandId, lotteryNumberLimits.gameCode, lotteryNumberLimits.number],
      set: { cap: values.cap, blocked: values.blocked, updatedAt: new Date() },
    })
    .returning();
  return { before, row };
};

/**
 * Adds each key's potential payout to the draw's exposure, only where the total stays within the key's cap.
 * Keys are written in sorted order (no lock cycles between tickets); a conflicting row is re-checked against
 * its latest value under its row lock. Answers the keys that were accepted.
 */
export const addExposures = async (
  executor: Executor,
  drawId: bigint,
  entries: ReadonlyArray<{ key: string; amount: bigint; cap: bigint }>,
): Promise<Set<string>> => {
  const sorted = [...entries].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const keys = sorted.map((entry) => entry.key);
  const amounts = numberArray(sorted.map((entry) => entry.amount));
  const caps = numberArray(sorted.map((entry) => entry.cap));
  const rows = await selectRows<{ number_key: string }>(
    executor,
    sql`with wanted as (
          select * from unnest(${textArray(keys)}::text[], ${amounts}::int8[], ${caps}::int8[]) as w (number_key, amount, cap)
        )
        insert into lottery_exposures (draw_id, number_key, liability)
        select ${drawId}, number_key, amount from wanted where amount <= cap order by number_key
        on conflict (draw_id, number_key) do update
          set liability = lottery_exposures.liability + excluded.liability
          where lottery_exposures.liability + excluded.liability
                <= (select cap from wanted where wanted.number_key = excluded.number_key)
        returning number_key`,
  );
  return new Set(rows.map((row) => row.number_key));
};

export type NewBet = Omit<
  typeof lotteryBets.$inferInsert,
  'id' | 'placedAt' | 'settledAt' | 'status' | 'payout'
>;

export const insertBets = (executor: Executor, bets: NewBet[]) =>
  executor.insert(lotteryBets).values(bets).returning();

export const listTicketBets = (executor: Executor, memberId: bigint, requestId: string) =>
  executor
    .select()
    .from(lotteryBets)
    .where(and(eq(lotteryBets.memberId, memberId), eq(lotteryBets.requestId, requestId)))
    .orderBy(lotteryBets.lineNo);

export const listMemberBets = async (
  executor: Executor,
  filter: {
    memberId: bigint;
    gameCode?: string | undefined;
    drawId?: bigint | undefined;
    status?: 'pending' | 'won' | 'lost' | undefined;
  },
  page: { limit: number; offset: number },
) => {
  const where = and(
    eq(lotteryBets.memberId, filter.memberId),
    filter.gameCode === undefined ? undefined : eq(lotteryBets.gameCode, filter.gameCode),
    filter.drawId === undefined ? undefined : eq(lotteryBets.drawId, filter.drawId),
    filter.status === undefined ? undefined : eq(lotteryBets.status, filter.status),
  );
  const [rows, [total]] = await Promise.all([
    executor
      .select({ bet: lotteryBets, drawPublicId: lotteryDraws.publicId })
      .from(lotteryBets)
      .innerJoin(lotteryDraws, eq(lotteryDraws.id, lotteryBets.drawId))
      .where(where)
      .orderBy(desc(lotteryBets.id))
      .limit(page.limit)
      .offset(page.offset),
    executor.select({ total: count() }).from(lotteryBets).where(where),
  ]);
  return { rows, total: total?.total ?? 0 };
};

/** Games the member bet on, most recent first. */
export const listRecentGames = (executor: Executor, memberId: bigint, limit: number) =>
  selectRows<{ game_code: string }>(
    executor,
    sql`select game_code from lottery_bets where member_id = ${memberId}
        group by game_code order by max(id) desc limit ${limit}`,
  );

/** Bets of a draw already decided as won (their wins are re-posted, as replays, by a settler taking over). */
export const listWonBets = (executor: Executor, drawId: bigint) =>
  executor
    .select({
      betId: lotteryBets.id,
      memberId: lotteryBets.memberId,
      currency: lotteryBets.currency,
      roundId: lotteryBets.roundId,
      payout: lotteryBets.payout,
      stake: lotteryBets.stake,
      bonusStaked: lotteryBets.bonusStaked,
    })
    .from(lotteryBets)
    .where(and(eq(lotteryBets.drawId, drawId), eq(lotteryBets.status, 'won')));

/** Who has pending bets in a draw, with the currency (their cash accounts are read before settling). */
export const listBettors = async (executor: Executor, drawId: bigint) =>
  (
    await selectRows<{ member_id: bigint; currency: string }>(
      executor,
      sql`select distinct member_id, currency from lottery_bets where draw_id = ${drawId} and status = 'pending'`,
    )
  ).map((row) => ({ memberId: row.member_id, currency: row.currency }));
