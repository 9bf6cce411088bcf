import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { type DatabaseHandle, selectRows } from '@wps/server/db/database';
import { countPendingReviews } from '@wps/server/modules/payments/pending-reviews';
import { createReportsFoldService } from '@wps/server/modules/reports/fold.service';
import { createReportsService } from '@wps/server/modules/reports/reports.service';
import { seedSiteDemo } from '@wps/server/modules/site/site.seed';
import { createLedgerService } from '@wps/server/modules/wallet/ledger.service';
import { seedWalletDemo } from '@wps/server/modules/wallet/wallet.seed';
import { openTestDatabase } from '@wps/server/testing/test-database';
import type { BenchResult } from './run';

/**
 * The operator's dashboard and GGR report over 10 million bets, and the reports fold's own throughput.
 *
 * Two parts, measured separately and said so:
 * 1. Reads: the reports' roll-ups as the fold leaves them for 10 million bets of 100,000 players on 400 games of 20
 *    vendors over 31 days (generated set-based straight into the roll-up tables), then the dashboard and the GGR
 *    report (by day, product line, vendor and game; a game filtered) called through the reports service, one
 *    client, sequential calls: p50 and p99.
 * 2. The fold: ledger bets and wins (with the games module's record of each movement, so the game lookups are
 *    real) and deposits generated set-based into the ledger's tables in many database transactions, then folded
 *    from the ledger's views into the roll-ups: ledger transactions per second.
 * PGlite (no DATABASE_URL): a tenth of each.
 */

const days = 31;
const calls = 200;

const percentile = (sorted: readonly number[], fraction: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? 0;
const round = (value: number): number => Math.round(value * 100) / 100;

const measure = async (run: () => Promise<unknown>, count: number) => {
  await run();
  const times: number[] = [];
  for (let index = 0; index < count; index += 1) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  times.sort((left, right) => left - right);
  return {
    p50: round(percentile(times, 0.5)),
    p99: round(percentile(times, 0.99)),
    max: round(times.at(-1) ?? 0),
  };
};

type Shape = { players: number; games: number; vendors: number; bets: number };

/** Vendors and games in the catalogue (the GGR report names them from the games' view). */
const addCatalogue = async (database: DatabaseHandle, shape: Shape): Promise<void> => {
  const { db } = database;
  await db.execute(sql`insert into game_vendors (code, display_name, integration, is_enabled)
    select 'RPTV' || v, 'Report vendor ' || v, 'seamless', true from generate_series(1, ${shape.vendors}::int) v
    on conflict (code) do nothing`);
  await db.execute(sql`insert into games (vendor_id, game_type, game_code, name, search_name, has_trial, is_enabled)
    select v.id, 'RNG', 'rpt-' || g, 'Report game ' || g, 'report game ' || g, false, true
    from generate_series(1, ${shape.games}::int) g
    join game_vendors v on v.code = 'RPTV' || (1 + g % ${shape.vendors})`);
};

/**
 * The roll-ups of `shape.bets` bets as the fold leaves them: every game on every day (bets spread evenly), the
 * brand's days, each player active on about 8 days (bits of their months), and the money by channel.
 */
const generateRollups = async (database: DatabaseHandle, brandId: bigint, today: string, shape: Shape) => {
  const { db } = database;
  const betsPerRow = Math.round(shape.bets / (days * shape.games));
  await db.execute(sql`insert into report_games_daily (brand_id, day, product_line, vendor_id, game_id, bet_count,
      stake, payout)
    select ${brandId}, ${today}::date - d, (array['RNG', 'LIVE', 'SPORTS', 'FISH', 'LOTT'])[1 + g.id % 5],
      g.vendor_id, g.id, ${betsPerRow}, ${betsPerRow} * 500, ${betsPerRow} * (440 + (g.id + d) % 80)
    from games g cross join generate_series(0, ${days - 1}::int) d
    where g.game_code like 'rpt-%'`);
  await db.execute(sql`insert into report_player_months (brand_id, month, member_id, days)
    select ${brandId}, m.month, p, bits.days
    from generate_series(1, ${shape.players}::int) p
    cross join (select distinct date_trunc('month', ${today}::date - d)::date as month
      from generate_series(0, ${days - 1}::int) d) m
    cross join lateral (
      select coalesce(bit_or(1 << (date_part('day', day)::int - 1)), 0) as days
      from (select ${today}::date - d as day from generate_series(0, ${days - 1}::int) d) x
      where date_trunc('month', day)::date = m.month and (p * 13 + (${today}::date - day) * 17) % ${days} < 8
    ) bits
    where bits.days <> 0`);
  await db.execute(sql`insert into report_money_daily (brand_id, day, flow, channel, count, amount)
    select ${brandId}, ${today}::date - d, c.flow, c.channel, 100 + d, (100 + d) * c.unit
    from generate_series(0, ${days - 1}::int) d
    cross join (values ('deposit', 'BANK_TRANSFER', 20000), ('deposit', 'EWALLET', 8000),
      ('deposit', 'SANDBOX_PAY', 15000), ('withdrawal', 'bank', 30000), ('withdrawal', 'ewallet', 12000),
      ('bonus', 'bonus.grant', 2000), ('bonus', 'rebate.daily', 300), ('bonus', 'reward.mission', 500))
      as c(flow, channel, unit)`);
  await db.execute(sql`insert into report_daily (brand_id, day, bet_count, stake, payout, deposit_count,
      deposit_amount, withdrawal_count, withdrawal_amount, bonus_amount, active_players, new_players, first_depositors)
    select ${brandId}, g.day, g.bet_count, g.stake, g.payout, m.deposit_count, m.deposit_amount, m.withdrawal_count,
      m.withdrawal_amount, m.bonus_amount,
      (select count(*) from report_player_months p where p.brand_id = ${brandId}
        and p.month = date_trunc('month', g.day)::date and (p.days & (1 << (date_part('day', g.day)::int - 1))) <> 0),
      300, 120
    from (select day, sum(bet_count) as bet_count, sum(stake) as stake, sum(payout) as payout
      from report_games_daily where brand_id = ${brandId} group by day) g
    join (select day,
        sum(count) filter (where flow = 'deposit') as deposit_count,
        sum(amount) filter (where flow = 'deposit') as deposit_amount,
        sum(count) filter (where flow = 'withdrawal') as withdrawal_count,
        sum(amount) filter (where flow = 'withdrawal') as withdrawal_amount,
        sum(amount) filter (where flow = 'bonus') as bonus_amount
      from report_money_daily where brand_id = ${brandId} group by day) m on m.day = g.day`);
  for (const table of ['report_games_daily', 'report_player_months', 'report_money_daily', 'report_daily'])
    await db.execute(sql.raw(`vacuum analyze ${table}`));
};

/**
 * Ledger movements for the fold, set-based in `chunks` database transactions: each bet a ledger transaction of
 * the member's cash and the house with its round and the games module's record of it, a win for one bet in three,
 * a deposit for one member in ten. The ledger's own checks (balance rows, the balanced-transaction trigger) are
 * off while generating (session_replication_role): the fold reads entries and transactions only.
 */
const generateLedger = async (
  database: DatabaseHandle,
  brandId: bigint,
  shape: { members: number; bets: number; chunks: number },
) => {
  const { db } = database;
  await db.execute(sql`insert into members (brand_id, username, nickname, type)
    select ${brandId}, 'rptfold_' || n, 'Fold bench', 0 from generate_series(1, ${shape.members}::int) n`);
  await db.execute(sql`insert into ledger_accounts (brand_id, kind, currency, member_id, may_go_negative)
    select ${brandId}, 'member_cash', 'USD', id, false from members where username like 'rptfold\\_%'`);
  const house = await createLedgerService({ db }).ensureSystemAccount(brandId, 'house', 'USD');
  const perChunk = Math.ceil(shape.bets / shape.chunks);
  for (let chunk = 0; chunk < shape.chunks; chunk += 1) {
    await db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`with players as (
          select a.id as account_id, a.member_id, row_number() over (order by a.id) - 1 as n
          from ledger_accounts a join members m on m.id = a.member_id
          where m.username like 'rptfold\\_%' and a.kind = 'member_cash'
        ), bets as (
          select b, p.account_id, p.member_id, g.id as game_id, g.vendor_id
          from generate_series(${chunk * perChunk}::int8, ${(chunk + 1) * perChunk - 1}::int8) b
          join players p on p.n = b % ${shape.members}
          join lateral (select id, vendor_id from games where game_code = 'rpt-' || (1 + b % 400)) g on true
        ), rounds as (
          insert into game_rounds (brand_id, member_id, vendor_id, game_id, round_ref, product_line, currency,
            status, bet_amount, win_amount)
          select ${brandId}, member_id, vendor_id, game_id, 'rpt-' || b, 'RNG', 'USD', 'settled', 500,
            case when b % 3 = 0 then 1200 else 0 end
          from bets
          returning id, member_id, vendor_id, round_ref
        ), moves as (
          select b.*, r.id as round_id, kind
          from bets b join rounds r on r.round_ref = 'rpt-' || b.b and r.member_id = b.member_id
          cross join lateral (select 'bet' as kind union all select 'win' where b.b % 3 = 0) k
        ), transactions as (
          insert into ledger_transactions (brand_id, idempotency_key, request_hash, kind, reference, product_line)
          select ${brandId}, 'rpt:' || kind || ':' || b, 'bench', kind, 'round:' || round_id, 'RNG' from moves
          returning id, idempotency_key
        ), placed as (
          select t.id as transaction_id, m.* from transactions t
          join moves m on t.idempotency_key = 'rpt:' || m.kind || ':' || m.b
        ), calls as (
          insert into game_transactions (vendor_id, transaction_uuid, kind, brand_id, member_id, round_id, amount,
            request_hash, ledger_transaction_id)
          select vendor_id, 'rpt-' || kind || '-' || b, kind, ${brandId}, member_id, round_id,
            case kind when 'bet' then 500 else 1200 end, 'bench', transaction_id
          from placed
        )
        insert into ledger_entries (transaction_id, account_id, shard, currency, amount, balance_after)
        select transaction_id, account_id, 0, 'USD', case kind when 'bet' then -500 else 1200 end, 0 from placed
        union all
        select transaction_id, ${house.id}, 0, 'USD', case kind when 'bet' then 500 else -1200 end, 0 from placed`);
    });
  }
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(sql`with payers as (
        select a.id as account_id, a.member_id from ledger_accounts a join members m on m.id = a.member_id
        where m.username like 'rptfold\\_%' and a.kind = 'member_cash' and a.member_id % 10 = 0
      ), transactions as (
        insert into ledger_transactions (brand_id, idempotency_key, request_hash, kind, reference)
        select ${brandId}, 'rpt:deposit:' || member_id, 'bench', 'deposit', null from payers
        returning id, idempotency_key
      )
      insert into ledger_entries (transaction_id, account_id, shard, currency, amount, balance_after)
      select t.id, p.account_id, 0, 'USD', 20000, 0 from transactions t
      join payers p on t.idempotency_key = 'rpt:deposit:' || p.member_id
      union all
      select t.id, ${house.id}, 0, 'USD', -20000, 0 from transactions t`);
  });
  await db.execute(sql`analyze ledger_transactions`);
  await db.execute(sql`analyze ledger_entries`);
  await db.execute(sql`analyze game_transactions`);
};

export const reportsBench = async (): Promise<BenchResult> => {
  const isPostgres = Boolean(process.env.DATABASE_URL);
  const scale = isPostgres ? 1 : 0.1;
  const shape: Shape = {
    players: Math.round(100_000 * scale),
    games: 400,
    vendors: 20,
    bets: Math.round(10_000_000 * scale),
  };
  const foldShape = { members: Math.round(20_000 * scale), bets: Math.round(300_000 * scale), chunks: 100 };
  const foldSpan = Math.max(1, Math.round((20_000 * foldShape.chunks) / (foldShape.bets * (4 / 3))));
  const database = await openTestDatabase({ checkLedger: false });
  try {
    const { db } = database;
    const brand = await seedSiteDemo(db);
    await seedWalletDemo(db, { id: brand.id, currency: 'USD' });
    await addCatalogue(database, shape);
    // The fold's part first, on a ledger of its own brand's members (its roll-ups are then replaced).
    // Each generated database transaction holds `bets / chunks` ledger transactions; a batch of `foldSpan` of them
    // is about as many ledger transactions as a production batch of 20,000 single-movement transactions.
    const fold = createReportsFoldService({ db, span: foldSpan });
    await fold.fold();
    const generateStart = performance.now();
    await generateLedger(database, brand.id, foldShape);
    const generateSeconds = (performance.now() - generateStart) / 1000;
    const foldStart = performance.now();
    const folded = await fold.fold();
    const foldMs = performance.now() - foldStart;
    const [foldedFigures] = await selectRows<{ bets: string | bigint | null; games: number }>(
      db,
      sql`select sum(bet_count) as bets, count(distinct game_id)::int4 as games from report_games_daily
        where brand_id = ${brand.id}`,
    );
    await db.execute(sql`delete from report_games_daily`);
    await db.execute(sql`delete from report_daily`);
    await db.execute(sql`delete from report_player_months`);
    await db.execute(sql`delete from report_money_daily`);

    const [clock] = await selectRows<{ today: string }>(
      db,
      sql`select to_char(now() at time zone time_zone, 'YYYY-MM-DD') as today from brands where id = ${brand.id}`,
    );
    const today = clock?.today ?? new Date().toISOString().slice(0, 10);
    const rollupStart = performance.now();
    await generateRollups(database, brand.id, today, shape);
    const rollupSeconds = (performance.now() - rollupStart) / 1000;
    const [counts] = await selectRows<{ bets: string | bigint; games: number; months: number }>(
      db,
      sql`select (select sum(bet_count) from report_games_daily) as bets,
        (select count(*)::int4 from report_games_daily) as games,
        (select count(*)::int4 from report_player_months) as months`,
    );

    const reports = createReportsService({
      db,
      pendingReviews: (brandId) => countPendingReviews(db, brandId),
    });
    const brandRef = { id: brand.id };
    const shift = (count: number) =>
      new Date(Date.parse(`${today}T00:00:00Z`) - count * 86_400_000).toISOString().slice(0, 10);
    const page = { pageNo: 1, pageSize: 50, order: 'asc' as const };
    const [oneGame] = await selectRows<{ id: string }>(
      db,
      sql`select id::text as id from games where game_code = 'rpt-1'`,
    );
    const ggr = (extra: Partial<Parameters<typeof reports.ggr>[1]>) => () =>
      reports.ggr(brandRef, { groupBy: 'day', sort: 'key', ...page, from: shift(29), to: today, ...extra });
    const cases: Array<[string, () => Promise<unknown>]> = [
      ['dashboard, today + last 30 days (default)', () => reports.dashboard(brandRef, {})],
      ['dashboard, last 7 days', () => reports.dashboard(brandRef, { from: shift(6), to: today })],
      ['GGR by day, 30 days (with NGR)', ggr({})],
      ['GGR by product line, 30 days', ggr({ groupBy: 'product_line', sort: 'ggr', order: 'desc' })],
      ['GGR by vendor, 30 days', ggr({ groupBy: 'vendor', sort: 'ggr', order: 'desc' })],
      [
        'GGR by game, 30 days, sorted by GGR, page 1 of 8',
        ggr({ groupBy: 'game', sort: 'ggr', order: 'desc' }),
      ],
      ['GGR by day of one game, 30 days', ggr({ gameId: oneGame?.id ?? '1' })],
      [
        'player activity, 30 days (distinct players)',
        () => reports.players(brandRef, { sort: 'day', ...page, from: shift(29), to: today }),
      ],
    ];
    const rows: BenchResult['rows'] = [];
    for (const [call, run] of cases) {
      const timing = await measure(run, calls);
      rows.push({ call, calls, 'p50 ms': timing.p50, 'p99 ms': timing.p99, 'max ms': timing.max });
    }
    rows.push({
      call: `fold: ${folded} ledger transactions into the roll-ups (${Math.round((folded * 1000) / Math.max(1, foldMs))}/s)`,
      calls: 1,
      'p50 ms': round(foldMs),
      'p99 ms': round(foldMs),
      'max ms': round(foldMs),
    });
    return {
      name: 'Reports: dashboard and GGR report over 10 million bets; the reports fold',
      rows,
      notes: [
        `Reads: ${String(counts?.bets)} bets of ${shape.players} players on ${shape.games} games (${shape.vendors} vendors) over ${days} days, as the fold leaves them: ${String(counts?.games)} game-day rows, ${String(counts?.months)} player-month rows, a row per day and money channel (generated set-based into the roll-ups in ${rollupSeconds.toFixed(1)} s). The reads never touch the ledger.`,
        'Calls through the reports service (what the routes call), sequential, one client; the dashboard also counts the pending review queues.',
        `Fold: ${foldShape.bets} bets of ${foldShape.members} members (one round each, a win for one in three, each with the games module's record) and a deposit for one member in ten, written set-based into the ledger's tables in ${foldShape.chunks} database transactions (${generateSeconds.toFixed(1)} s, ledger checks off while generating), then folded from the ledger's views in batches of ${foldSpan} of those database transactions (about 20,000 ledger transactions, as a production batch of 20,000 single-movement transactions): ${String(foldedFigures?.bets)} bets on ${String(foldedFigures?.games)} games folded.`,
        isPostgres
          ? 'PostgreSQL (DATABASE_URL).'
          : 'Embedded PGlite: a tenth of the players, bets and fold input.',
      ],
    };
  } finally {
    await database.close();
  }
};
