import { type SQL, sql } from 'drizzle-orm';
import type { GgrGrouping, MoneyFlowName } from '@wps/contracts/reports';
import { type Executor, selectRows } from '../../db/database';

/**
 * The reports' reads: every figure from the roll-ups the fold keeps (`fold.repository.ts`), a row per brand and
 * day (and game or channel), so a period costs its days' rows whatever the number of bets behind them. Names of
 * games and vendors come from the games' published view, joined after grouping.
 */

type Int8 = string | bigint | number;
type NullableInt8 = Int8 | null;

const toBigint = (value: NullableInt8): bigint => (value === null ? 0n : BigInt(value));
const toCount = (value: NullableInt8): number => (value === null ? 0 : Number(value));

/** A period of the brand's days, both included ('YYYY-MM-DD'). */
export type Period = { from: string; to: string };

/** Sort and page: `sort` is one of the report's whitelisted column names, never caller text. */
export type Paging = { limit: number; offset: number } | 'all';
export type SortOrder = 'asc' | 'desc';

const orderSql = (order: SortOrder): SQL => (order === 'desc' ? sql.raw('desc') : sql.raw('asc'));
const pageSql = (paging: Paging): SQL =>
  paging === 'all' ? sql`` : sql`limit ${paging.limit} offset ${paging.offset}`;

export type DayFigures = {
  day: string;
  betCount: number;
  stake: bigint;
  payout: bigint;
  depositCount: number;
  depositAmount: bigint;
  withdrawalCount: number;
  withdrawalAmount: bigint;
  bonusAmount: bigint;
  activePlayers: number;
  newPlayers: number;
  firstDepositors: number;
};

type DayRow = {
  day: string;
  bet_count: NullableInt8;
  stake: NullableInt8;
  payout: NullableInt8;
  deposit_count: NullableInt8;
  deposit_amount: NullableInt8;
  withdrawal_count: NullableInt8;
  withdrawal_amount: NullableInt8;
  bonus_amount: NullableInt8;
  active_players: NullableInt8;
  new_players: NullableInt8;
  first_depositors: NullableInt8;
};

const toDayFigures = (row: DayRow): DayFigures => ({
  day: row.day,
  betCount: toCount(row.bet_count),
  stake: toBigint(row.stake),
  payout: toBigint(row.payout),
  depositCount: toCount(row.deposit_count),
  depositAmount: toBigint(row.deposit_amount),
  withdrawalCount: toCount(row.withdrawal_count),
  withdrawalAmount: toBigint(row.withdrawal_amount),
  bonusAmount: toBigint(row.bonus_amount),
  activePlayers: toCount(row.active_players),
  newPlayers: toCount(row.new_players),
  firstDepositors: toCount(row.first_depositors),
});

const dayColumns = sql`bet_count, stake, payout, deposit_count, deposit_amount, withdrawal_count,
  withdrawal_amount, bonus_amount, active_players, new_players, first_depositors`;

/** The brand's days of the period that have figures, oldest first. */
export const readDays = async (executor: Executor, brandId: bigint, period: Period): Promise<DayFigures[]> =>
  (
    await selectRows<DayRow>(
      executor,
      sql`select to_char(day, 'YYYY-MM-DD') as day, ${dayColumns} from report_daily
        where brand_id = ${brandId} and day between ${period.from}::date and ${period.to}::date order by day`,
    )
  ).map(toDayFigures);

/**
 * Players who bet on a day of the period, each once: the rows of the period's months whose day bits meet the
 * period's (one row per player and month; distinct only when the period spans months).
 */
export const countActivePlayers = async (
  executor: Executor,
  brandId: bigint,
  period: Period,
): Promise<number> => {
  const [row] = await selectRows<{ players: NullableInt8 }>(
    executor,
    sql`with months as (
      select m::date as month,
        greatest(${period.from}::date, m::date) - m::date as low,
        least(${period.to}::date, (m + interval '1 month')::date - 1) - m::date as high
      from generate_series(date_trunc('month', ${period.from}::date), ${period.to}::date, interval '1 month') m
    ), masks as (
      select month, (((1::int8 << (high + 1)) - 1) - ((1::int8 << low) - 1)) as mask from months
    )
    select case when (select count(*) from masks) = 1
      then (select count(*) from report_player_months p join masks k on k.month = p.month
        where p.brand_id = ${brandId} and (p.days::int8 & k.mask) <> 0)
      else (select count(distinct p.member_id) from report_player_months p join masks k on k.month = p.month
        where p.brand_id = ${brandId} and (p.days::int8 & k.mask) <> 0)
      end as players`,
  );
  return toCount(row?.players ?? null);
};

export type GgrFilterValues = {
  groupBy: GgrGrouping;
  productLine: string | undefined;
  vendorId: bigint | undefined;
  gameId: bigint | undefined;
};

export type GgrSort = 'key' | 'label' | 'betCount' | 'stake' | 'payout' | 'ggr';

export type GgrFigures = {
  key: string;
  label: string;
  betCount: number;
  stake: bigint;
  payout: bigint;
  /** Null unless grouped by day without filters. */
  bonus: bigint | null;
};

type GgrRowOut = {
  key: string;
  label: string | null;
  bet_count: NullableInt8;
  stake: NullableInt8;
  payout: NullableInt8;
  bonus: NullableInt8;
  total: NullableInt8;
};

const ggrSortColumns: Record<GgrSort, string> = {
  key: 'sort_key',
  label: 'label',
  betCount: 'bet_count',
  stake: 'stake',
  payout: 'payout',
  ggr: 'ggr',
};

/** Whether the GGR figures are the brand's whole days (read from the day rows, with their bonus cost). */
export const isWholeDays = (filter: GgrFilterValues): boolean =>
  filter.groupBy === 'day' &&
  filter.productLine === undefined &&
  filter.vendorId === undefined &&
  filter.gameId === undefined;

const gamesWhere = (brandId: bigint, period: Period, filter: GgrFilterValues): SQL =>
  sql.join(
    [
      sql`g.brand_id = ${brandId} and g.day between ${period.from}::date and ${period.to}::date`,
      ...(filter.productLine === undefined ? [] : [sql`g.product_line = ${filter.productLine}`]),
      ...(filter.vendorId === undefined ? [] : [sql`g.vendor_id = ${filter.vendorId}`]),
      ...(filter.gameId === undefined ? [] : [sql`g.game_id = ${filter.gameId}`]),
    ],
    sql` and `,
  );

/** The grouped rows (key as text, the native value to sort by, the label) of the games' roll-up. */
const groupedGames = (brandId: bigint, period: Period, filter: GgrFilterValues): SQL => {
  const where = gamesWhere(brandId, period, filter);
  const sums = sql`sum(g.bet_count) as bet_count, sum(g.stake) as stake, sum(g.payout) as payout`;
  switch (filter.groupBy) {
    case 'day':
      return sql`select to_char(g.day, 'YYYY-MM-DD') as key, g.day::text as sort_key,
          to_char(g.day, 'YYYY-MM-DD') as label, ${sums}, null::int8 as bonus
        from report_games_daily g where ${where} group by g.day`;
    case 'product_line':
      return sql`select g.product_line as key, g.product_line as sort_key, g.product_line as label, ${sums},
          null::int8 as bonus
        from report_games_daily g where ${where} group by g.product_line`;
    case 'vendor':
      return sql`select x.vendor_id::text as key, lpad(x.vendor_id::text, 20, '0') as sort_key,
          (select t.vendor_name from games_titles t where t.vendor_id = x.vendor_id limit 1) as label,
          x.bet_count, x.stake, x.payout, null::int8 as bonus
        from (select g.vendor_id, ${sums} from report_games_daily g where ${where} group by g.vendor_id) x`;
    case 'game':
      return sql`select x.game_id::text as key, lpad(x.game_id::text, 20, '0') as sort_key,
          t.game_name || ' (' || t.vendor_name || ')' as label, x.bet_count, x.stake, x.payout, null::int8 as bonus
        from (select g.game_id, ${sums} from report_games_daily g where ${where} group by g.game_id) x
        left join games_titles t on t.game_id = x.game_id`;
  }
};

const wholeDays = (brandId: bigint, period: Period): SQL =>
  sql`select to_char(d.day, 'YYYY-MM-DD') as key, d.day::text as sort_key, to_char(d.day, 'YYYY-MM-DD') as label,
      d.bet_count, d.stake, d.payout, d.bonus_amount as bonus
    from report_daily d
    where d.brand_id = ${brandId} and d.day between ${period.from}::date and ${period.to}::date
      and (d.bet_count <> 0 or d.stake <> 0 or d.payout <> 0 or d.bonus_amount <> 0)`;

const toGgrFigures = (row: GgrRowOut): GgrFigures => ({
  key: row.key,
  label: row.label ?? '',
  betCount: toCount(row.bet_count),
  stake: toBigint(row.stake),
  payout: toBigint(row.payout),
  bonus: row.bonus === null ? null : toBigint(row.bonus),
});

/**
 * A page of the GGR report (or every row, for the export), sorted (ties by the group's key), with the number of
 * groups and the sums over all of them.
 */
export const readGgr = async (
  executor: Executor,
  brandId: bigint,
  period: Period,
  filter: GgrFilterValues,
  sort: { column: GgrSort; order: SortOrder },
  paging: Paging,
): Promise<{ rows: GgrFigures[]; total: number; totals: GgrFigures }> => {
  const source = isWholeDays(filter) ? wholeDays(brandId, period) : groupedGames(brandId, period, filter);
  const rows = await selectRows<GgrRowOut>(
    executor,
    sql`with grouped as (${source}), ranked as (
      select *, stake - payout as ggr from grouped
    ), counted as (
      select count(*) as total, sum(bet_count) as bet_count, sum(stake) as stake, sum(payout) as payout,
        sum(bonus) as bonus
      from ranked
    ), page as (
      select key, label, bet_count, stake, payout, bonus from ranked
      order by ${sql.raw(ggrSortColumns[sort.column])} ${orderSql(sort.order)} nulls last, sort_key
      ${pageSql(paging)}
    )
    select key, label, bet_count, stake, payout, bonus, null::int8 as total from page
    union all
    select '', null, bet_count, stake, payout, bonus, total from counted`,
  );
  const summary = rows.at(-1);
  const isWhole = isWholeDays(filter);
  const totals = summary
    ? { ...toGgrFigures(summary), label: '', bonus: isWhole ? toBigint(summary.bonus) : null }
    : { key: '', label: '', betCount: 0, stake: 0n, payout: 0n, bonus: null };
  return {
    rows: rows.slice(0, -1).map(toGgrFigures),
    total: toCount(summary?.total ?? null),
    totals,
  };
};

export type MoneySort = 'key' | 'count' | 'amount';
export type MoneyFigures = { key: string; count: number; amount: bigint };
const moneySortColumns: Record<MoneySort, string> = { key: 'key', count: 'count', amount: 'amount' };

/** A page of a money flow grouped by channel or day, with the number of groups and their sums. */
export const readMoney = async (
  executor: Executor,
  brandId: bigint,
  period: Period,
  filter: { flow: MoneyFlowName; groupBy: 'channel' | 'day'; channel: string | undefined },
  sort: { column: MoneySort; order: SortOrder },
  paging: Paging,
): Promise<{ rows: MoneyFigures[]; total: number; totals: MoneyFigures }> => {
  const key = filter.groupBy === 'day' ? sql`to_char(m.day, 'YYYY-MM-DD')` : sql`m.channel`;
  const channel = filter.channel === undefined ? sql`` : sql`and m.channel = ${filter.channel}`;
  const rows = await selectRows<{
    key: string;
    count: NullableInt8;
    amount: NullableInt8;
    total: NullableInt8;
  }>(
    executor,
    sql`with grouped as (
      select ${key} as key, sum(m.count) as count, sum(m.amount) as amount from report_money_daily m
      where m.brand_id = ${brandId} and m.day between ${period.from}::date and ${period.to}::date
        and m.flow = ${filter.flow} ${channel}
      group by 1
    ), page as (
      select key, count, amount from grouped
      order by ${sql.raw(moneySortColumns[sort.column])} ${orderSql(sort.order)}, key ${pageSql(paging)}
    )
    select key, count, amount, null::int8 as total from page
    union all
    select '', sum(count), sum(amount), count(*) from grouped`,
  );
  const summary = rows.at(-1);
  const toFigures = (row: { key: string; count: NullableInt8; amount: NullableInt8 }): MoneyFigures => ({
    key: row.key,
    count: toCount(row.count),
    amount: toBigint(row.amount),
  });
  return {
    rows: rows.slice(0, -1).map(toFigures),
    total: toCount(summary?.total ?? null),
    totals: summary ? toFigures(summary) : { key: '', count: 0, amount: 0n },
  };
};

export type PlayerSort = 'day' | 'activePlayers' | 'newPlayers' | 'firstDepositors' | 'depositCount';
const playerSortColumns: Record<PlayerSort, string> = {
  day: 'day',
  activePlayers: 'active_players',
  newPlayers: 'new_players',
  firstDepositors: 'first_depositors',
  depositCount: 'deposit_count',
};

/** A page of the player activity by day, with the number of days and the period's sums. */
export const readPlayerDays = async (
  executor: Executor,
  brandId: bigint,
  period: Period,
  sort: { column: PlayerSort; order: SortOrder },
  paging: Paging,
): Promise<{ rows: DayFigures[]; total: number; totals: DayFigures }> => {
  const rows = await selectRows<DayRow & { total: NullableInt8 }>(
    executor,
    sql`with days as (
      select to_char(day, 'YYYY-MM-DD') as day, ${dayColumns} from report_daily
      where brand_id = ${brandId} and day between ${period.from}::date and ${period.to}::date
    ), page as (
      select * from days order by ${sql.raw(playerSortColumns[sort.column])} ${orderSql(sort.order)}, day
      ${pageSql(paging)}
    )
    select *, null::int8 as total from page
    union all
    select '', sum(bet_count), sum(stake), sum(payout), sum(deposit_count), sum(deposit_amount),
      sum(withdrawal_count), sum(withdrawal_amount), sum(bonus_amount), sum(active_players), sum(new_players),
      sum(first_depositors), count(*)
    from days`,
  );
  const summary = rows.at(-1);
  const empty: DayRow = {
    day: '',
    bet_count: null,
    stake: null,
    payout: null,
    deposit_count: null,
    deposit_amount: null,
    withdrawal_count: null,
    withdrawal_amount: null,
    bonus_amount: null,
    active_players: null,
    new_players: null,
    first_depositors: null,
  };
  return {
    rows: rows.slice(0, -1).map(toDayFigures),
    total: toCount(summary?.total ?? null),
    totals: toDayFigures(summary ?? empty),
  };
};

/** The product lines the brand has game figures in, the vendors, and a vendor's games. */
export const readOptions = async (
  executor: Executor,
  brandId: bigint,
  vendorId: bigint | undefined,
): Promise<{
  productLines: string[];
  vendors: Array<{ id: string; name: string }>;
  games: Array<{ id: string; name: string }>;
}> => {
  const [lines, vendors, games] = await Promise.all([
    selectRows<{ product_line: string }>(
      executor,
      sql`select distinct product_line from report_games_daily where brand_id = ${brandId} order by 1`,
    ),
    selectRows<{ id: string; name: string }>(
      executor,
      sql`select distinct vendor_id::text as id, vendor_name as name from games_titles order by 2, 1`,
    ),
    vendorId === undefined
      ? Promise.resolve([])
      : selectRows<{ id: string; name: string }>(
          executor,
          sql`select game_id::text as id, game_name as name from games_titles
            where vendor_id = ${vendorId} order by 2, 1 limit 1000`,
        ),
  ]);
  return { productLines: lines.map((row) => row.product_line), vendors, games };
};

/** The brand's today, its currency and the currency's exponent. */
export const readBrandClock = async (
  executor: Executor,
  brandId: bigint,
): Promise<{ today: string; currency: string; exponent: number; timeZone: string } | undefined> => {
  const [row] = await selectRows<{
    today: string;
    currency: string;
    exponent: number | string;
    time_zone: string;
  }>(
    executor,
    sql`select to_char(now() at time zone b.time_zone, 'YYYY-MM-DD') as today, b.currency, c.exponent,
        b.time_zone
      from site_brands b join wallet_currencies c on c.code = b.currency where b.id = ${brandId}`,
  );
  return row
    ? { today: row.today, currency: row.currency, exponent: Number(row.exponent), timeZone: row.time_zone }
    : undefined;
};
