import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '@wps/server/db/database';
import { selectRows } from '@wps/server/db/database';
import { findToday, teamFigures } from '@wps/server/modules/agents/agents.repository';
import { createAgentService } from '@wps/server/modules/agents/agents.service';
import { rebuildTeamRollups } from '@wps/server/modules/agents/rollups.repository';
import { createRollupService } from '@wps/server/modules/agents/rollups.service';
import { insertMember, type MemberRow } from '@wps/server/modules/members/members.repository';
import { createMemberService } from '@wps/server/modules/members/members.service';
import { seedSiteDemo } from '@wps/server/modules/site/site.seed';
import { createLedgerService } from '@wps/server/modules/wallet/ledger.service';
import { seedWalletDemo } from '@wps/server/modules/wallet/wallet.seed';
import { openTestDatabase } from '@wps/server/testing/test-database';
import type { BenchResult } from './run';

/**
 * Team overview of one agent over a large downline, read from the team roll-ups; and how fast the fold follows
 * the ledger. PostgreSQL: 100,000 downline members (100
 * sub-agents, 1,000 sub-sub-agents, 98,900 players) and 10 million bets over 30 days as daily and hourly roll-up
 * rows (generated set-based, as the fold would have left them, then the team roll-ups rebuilt from them). PGlite
 * (no DATABASE_URL): a tenth of that.
 */

const days = 30;
const activeDaysPerPlayer = 8;
const calls = 200;
const postings = 1_500;

const percentile = (sorted: readonly number[], fraction: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? 0;

const round = (value: number): number => Math.round(value * 100) / 100;

const measure = async (run: () => Promise<unknown>, count: number) => {
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

/** The tree, level by level, set-based (the members trigger writes each path). */
const buildTree = async (
  database: DatabaseHandle,
  brandId: bigint,
  agent: MemberRow,
  shape: { level1: number; level2PerAgent: number; playersPerAgent: number },
) => {
  const { db } = database;
  await db.execute(sql`insert into members (brand_id, username, nickname, type, upline_id)
    select ${brandId}, 'ab1_' || n, 'Sub agent', 1, ${agent.id} from generate_series(1, ${shape.level1}) n`);
  await db.execute(sql`insert into members (brand_id, username, nickname, type, upline_id)
    select ${brandId}, 'ab2_' || u.id || '_' || n, 'Sub-sub agent', 1, u.id
    from members u cross join generate_series(1, ${shape.level2PerAgent}) n
    where u.upline_id = ${agent.id}`);
  // Players registered over the last year, a day's worth each day.
  await db.execute(sql`insert into members (brand_id, username, nickname, type, upline_id, created_at)
    select ${brandId}, 'ap_' || u.id || '_' || n, 'Player', 0, u.id, now() - make_interval(days => ((u.id * 7 + n) % 365)::int)
    from members u cross join generate_series(1, ${shape.playersPerAgent}) n
    where u.username like 'ab2\\_%'`);
};

/**
 * Daily rows: each player active on `activeDaysPerPlayer` of the `days` days (chosen by arithmetic on the id),
 * 8–17 bets a day (12.5 on average); each day split over two hours for the hourly rows.
 */
const generateRollups = async (
  database: DatabaseHandle,
  brandId: bigint,
  today: string,
  timeZone: string,
) => {
  const { db } = database;
  await db.execute(sql`insert into member_figures_daily (member_id, brand_id, day, path, bet_count, bet_amount,
      valid_bet, payout, deposit_count, deposit_amount, withdrawal_count, withdrawal_amount, bonus_amount)
    select m.id, ${brandId}, ${today}::date - d, t.path, c, c * 500, c * 500, c * 470,
      case when d % 4 = 0 then 1 else 0 end, case when d % 4 = 0 then 20000 else 0 end,
      case when d % 9 = 0 then 1 else 0 end, case when d % 9 = 0 then 5000 else 0 end, 0
    from members m
    join member_tree t on t.member_id = m.id
    cross join generate_series(0, ${days - 1}) d
    cross join lateral (select 8 + ((m.id + d) % 10)::int as c) counts
    where m.username like 'ap\\_%' and (m.id * 31 + d * 17) % ${days} < ${activeDaysPerPlayer}`);
  await db.execute(sql`insert into member_figures_hourly (member_id, brand_id, hour_start, bet_count, bet_amount,
      valid_bet, payout, deposit_count, deposit_amount, withdrawal_count, withdrawal_amount, bonus_amount)
    select f.member_id, f.brand_id, (f.day + make_interval(hours => (f.member_id % 12)::int + h * 6))::timestamp
        at time zone ${timeZone},
      case when h = 0 then f.bet_count / 2 else f.bet_count - f.bet_count / 2 end,
      case when h = 0 then (f.bet_count / 2) * 500 else (f.bet_count - f.bet_count / 2) * 500 end,
      case when h = 0 then (f.bet_count / 2) * 500 else (f.bet_count - f.bet_count / 2) * 500 end,
      case when h = 0 then (f.bet_count / 2) * 470 else (f.bet_count - f.bet_count / 2) * 470 end,
      case when h = 0 then f.deposit_count else 0 end, case when h = 0 then f.deposit_amount else 0 end,
      case when h = 1 then f.withdrawal_count else 0 end, case when h = 1 then f.withdrawal_amount else 0 end, 0
    from member_figures_daily f cross join generate_series(0, 1) h`);
  // Index-only scans need the visibility map, as autovacuum leaves it on a live system.
  await db.execute(sql`vacuum analyze member_tree`);
  await db.execute(sql`vacuum analyze member_figures_daily`);
  await db.execute(sql`vacuum analyze member_figures_hourly`);
  await rebuildTeamRollups(db, brandId);
  await db.execute(sql`vacuum analyze team_figures_daily`);
  await db.execute(sql`vacuum analyze team_activity_daily`);
  await db.execute(sql`analyze members`);
};

/** Sequential bet postings over 50 members, then one fold of all of them into the roll-ups. */
const measureFold = async (database: DatabaseHandle, brandId: bigint) => {
  const { db } = database;
  const ledger = createLedgerService({ db });
  const rollups = createRollupService({ db });
  const house = await ledger.ensureSystemAccount(brandId, 'house', 'USD');
  const promotion = await ledger.ensureSystemAccount(brandId, 'promotion', 'USD');
  const accounts: bigint[] = [];
  for (let index = 0; index < 50; index += 1) {
    const member = await insertMember(db, { brandId, username: `foldbench${index}`, nickname: 'Bench' });
    if (!member) throw new Error('bench member not created');
    const cash = await ledger.ensureMemberAccount(brandId, member.id, 'USD');
    await ledger.post({
      brandId,
      idempotencyKey: `bench:fund:${member.id}`,
      kind: 'bonus',
      legs: [
        { accountId: promotion.id, amount: -10_000_000n },
        { accountId: cash.id, amount: 10_000_000n },
      ],
    });
    accounts.push(cash.id);
  }
  await rollups.fold();
  const times: number[] = [];
  for (let index = 0; index < postings; index += 1) {
    const start = performance.now();
    await ledger.post({
      brandId,
      idempotencyKey: `bench:bet:${randomUUID()}`,
      kind: 'bet',
      legs: [
        { accountId: accounts[index % accounts.length] ?? 0n, amount: -100n },
        { accountId: house.id, amount: 100n },
      ],
    });
    times.push(performance.now() - start);
  }
  times.sort((left, right) => left - right);
  const foldStart = performance.now();
  const folded = await rollups.fold();
  const foldMs = performance.now() - foldStart;
  return { p50: round(percentile(times, 0.5)), p99: round(percentile(times, 0.99)), folded, foldMs };
};

export const agentsBench = async (): Promise<BenchResult> => {
  const isPostgres = Boolean(process.env.DATABASE_URL);
  const scale = isPostgres ? 1 : 0.1;
  const shape = {
    level1: Math.round(100 * scale),
    level2PerAgent: 10,
    playersPerAgent: 99,
  };
  const database = await openTestDatabase({ checkLedger: false });
  try {
    const { db } = database;
    const brand = await seedSiteDemo(db);
    await seedWalletDemo(db, { id: brand.id, currency: 'USD' });
    const [zone] = await selectRows<{ time_zone: string }>(
      db,
      sql`select time_zone from brands where id = ${brand.id}`,
    );
    const timeZone = zone?.time_zone ?? 'UTC';
    const agent = await insertMember(db, {
      brandId: brand.id,
      username: 'benchagent',
      nickname: 'Agent',
      type: 1,
    });
    if (!agent) throw new Error('bench agent not created');

    const treeStart = performance.now();
    await buildTree(database, brand.id, agent, shape);
    const treeSeconds = (performance.now() - treeStart) / 1000;
    const today = await findToday(db, timeZone);
    const rollupStart = performance.now();
    await generateRollups(database, brand.id, today, timeZone);
    const rollupSeconds = (performance.now() - rollupStart) / 1000;
    const [counts] = await selectRows<{ members: number; daily: number; hourly: number; bets: bigint }>(
      db,
      sql`select (select count(*)::int4 from member_tree where path like ${`/${agent.id}/%`}) - 1 as members,
        (select count(*)::int4 from member_figures_daily) as daily,
        (select count(*)::int4 from member_figures_hourly) as hourly,
        (select sum(bet_count)::int8 from member_figures_daily) as bets`,
    );

    const agents = createAgentService({
      db,
      members: createMemberService({ db }),
      ledger: createLedgerService({ db }),
    });
    const periods: Array<[string, string, number]> = [
      ['today', today, calls],
      ['7 days', await dayBefore(database, today, 6), calls / 4],
      ['30 days', await dayBefore(database, today, days - 1), calls / 10],
    ];
    const rows: BenchResult['rows'] = [];
    const brandInfo = { id: brand.id, currency: 'USD', timeZone, mainDomain: 'bench.example' };
    for (const [label, from, count] of periods) {
      const overview = () => agents.teamOverview(agent, brandInfo, { startDate: from, endDate: today });
      await overview();
      const timing = await measure(overview, count);
      const sample = await overview();
      rows.push({
        call: 'team overview (service)',
        period: label,
        calls: count,
        'p50 ms': timing.p50,
        'p99 ms': timing.p99,
        'max ms': timing.max,
        'active members': sample.activeMembers,
        'valid bet': sample.figures.validBet,
      });
    }
    const subAgent = await selectRows<{ id: bigint }>(
      db,
      sql`select id from members where username = 'ab1_1'`,
    );
    const subAgentId = subAgent[0]?.id ?? agent.id;
    const figuresTiming = await measure(
      () =>
        teamFigures(db, {
          agentId: subAgentId,
          from: periods[2]?.[1] ?? today,
          to: today,
          scope: 'downline',
        }),
      calls,
    );
    rows.push({
      call: 'teamFigures of a level-1 sub-agent (1,000 members)',
      period: '30 days',
      calls,
      'p50 ms': figuresTiming.p50,
      'p99 ms': figuresTiming.p99,
      'max ms': figuresTiming.max,
      'active members': '',
      'valid bet': '',
    });

    const fold = await measureFold(database, brand.id);
    rows.push({
      call: 'ledger bet posting (nothing else on its path)',
      period: '',
      calls: postings,
      'p50 ms': fold.p50,
      'p99 ms': fold.p99,
      'max ms': '',
      'active members': '',
      'valid bet': '',
    });
    rows.push({
      call: `fold of those ${fold.folded} postings (${Math.round((fold.folded * 1000) / Math.max(1, fold.foldMs))}/s)`,
      period: '',
      calls: 1,
      'p50 ms': round(fold.foldMs),
      'p99 ms': round(fold.foldMs),
      'max ms': round(fold.foldMs),
      'active members': '',
      'valid bet': '',
    });
    return {
      name: 'Agents: team overview over a large downline; the roll-up fold',
      rows,
      notes: [
        `Downline: ${String(counts?.members)} members under one agent (3 levels); ${String(counts?.bets)} bets as ${String(counts?.daily)} daily and ${String(counts?.hourly)} hourly roll-up rows over ${days} days.`,
        `Set-up: tree ${treeSeconds.toFixed(1)} s (members trigger per row), roll-ups with the team rebuild ${rollupSeconds.toFixed(1)} s.`,
        'Team overview = team size + period figures, active members and per-day series from the team roll-ups + new members per day, sequential calls, one client.',
        `Fold rows: one client posts ${postings} bets (2 legs) one after another over 50 members; then one fold applies them to the members' hourly and daily rows and the agents' team rows.`,
        isPostgres ? 'PostgreSQL (DATABASE_URL).' : 'Embedded PGlite: a tenth of the downline.',
      ],
    };
  } finally {
    await database.close();
  }
};

const dayBefore = async (database: DatabaseHandle, day: string, count: number): Promise<string> => {
  const [row] = await selectRows<{ day: string }>(
    database.db,
    sql`select to_char(${day}::date - ${count}::int, 'YYYY-MM-DD') as day`,
  );
  return row?.day ?? day;
};
