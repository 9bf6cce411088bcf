import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { type DatabaseHandle, openDatabase, selectRows } from '@wps/server/db/database';
import { lotteryServiceFor, passCutoff } from '@wps/server/modules/house-games/lottery.test-helpers';
import { createLedgerService } from '@wps/server/modules/wallet/ledger.service';
import { seedSiteDemo } from '@wps/server/modules/site/site.seed';
import { seedWalletDemo } from '@wps/server/modules/wallet/wallet.seed';
import { openTestDatabase } from '@wps/server/testing/test-database';
import type { BenchResult } from './run';

const gameCode = 'TCG_LOTTO_VN-O0003';
const memberCount = 1_000;

/**
 * One South VN draw with `betCount` bao lô bets (one two-digit number on one station, 0.10 per lot: about
 * one bet in six wins), written in bulk, drawn fairly; then the time to settle the draw: chunks of 2,000 bets
 * decided set-based, their wins paid by one batched ledger statement per chunk, each under its own key.
 */
const measureSettlement = async (
  database: DatabaseHandle,
  label: string,
  betCount: number,
): Promise<BenchResult['rows'][number]> => {
  const { db } = database;
  const brand = await seedSiteDemo(db);
  await seedWalletDemo(db, { id: brand.id, currency: 'USD' });
  const tag = randomUUID().slice(0, 6);
  await db.execute(sql`
    insert into members (brand_id, username, nickname, type)
    select ${brand.id}, ${`lot${tag}_`} || i, 'Lotto', 0 from generate_series(1, ${memberCount}) i`);
  const members = await selectRows<{ id: bigint }>(
    db,
    sql`select id from members where username like ${`lot${tag}_%`} order by id`,
  );
  const ledger = createLedgerService({ db });
  for (const member of members) await ledger.ensureMemberAccount(brand.id, member.id, 'USD');

  const lottery = lotteryServiceFor(db);
  await lottery.scheduleDraws();
  const [draw] = await selectRows<{ id: bigint; public_id: string; stations: Array<{ code: string }> }>(
    db,
    sql`select id, public_id, stations from lottery_draws
        where brand_id = ${brand.id} and game_code = ${gameCode} and status = 'open' order by draw_at limit 1`,
  );
  if (!draw) throw new Error('no draw');
  const station = draw.stations[0]?.code ?? '';
  const firstMember = members[0]?.id ?? 0n;
  await db.execute(sql`
    insert into lottery_bets (brand_id, draw_id, member_id, request_id, line_no, game_code, currency, bet_type,
                              numbers, stations, unit_stake, stake)
    select ${brand.id}, ${draw.id}, ${firstMember}::int8 + (i % ${memberCount}), ${tag} || '-' || i, 1,
           ${gameCode}, 'USD', 'bao_lo', jsonb_build_array(lpad(((i * 7) % 100)::text, 2, '0')),
           jsonb_build_array(${station}::text), 10, 180
    from generate_series(1, ${betCount}) i`);
  await db.execute(sql`analyze lottery_bets`);
  await passCutoff(db, draw.public_id, true);
  await lottery.closeDue();
  await lottery.drawDue();

  const started = performance.now();
  const settled = await lottery.settleDraw(draw.id);
  const seconds = (performance.now() - started) / 1000;
  const [wins] = await selectRows<{ winners: bigint; paid: bigint }>(
    db,
    sql`select count(*) filter (where payout > 0) as winners, coalesce(sum(payout), 0) as paid
        from lottery_bets where draw_id = ${draw.id}`,
  );
  const winners = Number(wins?.winners ?? 0);
  if (settled !== betCount) throw new Error(`settled ${settled} of ${betCount}`);
  const row = {
    database: label,
    bets: betCount,
    winners,
    'settle time (s)': Number(seconds.toFixed(2)),
    'bets/s': Math.round(betCount / seconds),
    'win postings/s': Math.round(winners / seconds),
  };
  console.log(row);
  return row;
};

/** Settlement of one lottery draw with 100,000 bets (PostgreSQL; PGlite with fewer). */
export const lotteryBench = async (): Promise<BenchResult> => {
  const rows: BenchResult['rows'] = [];
  const notes = [
    'Bets are written in bulk (the bench measures settlement, not betting); one draw of the South VN game, drawn fairly.',
    'Settlement: chunks of 2,000 pending bets, each in one transaction: locked with skip locked, decided in two set-based updates (bets, rounds), and their wins paid by one batched ledger statement (`ledger.postBatch`: one transaction and key per win).',
    'The figures depend heavily on how busy the machine is (measured while other work shared its two cores).',
  ];
  const pglite = await openDatabase({ memory: true });
  try {
    await pglite.migrate();
    rows.push(
      await measureSettlement(
        pglite,
        'PGlite (in memory)',
        Math.min(20_000, Number(process.env.LOTTERY_BENCH_BETS ?? 20_000)),
      ),
    );
  } finally {
    await pglite.close();
  }
  if (process.env.DATABASE_URL) {
    const database = await openTestDatabase({ checkLedger: false });
    try {
      rows.push(
        await measureSettlement(database, 'PostgreSQL', Number(process.env.LOTTERY_BENCH_BETS ?? 100_000)),
      );
    } finally {
      await database.close();
    }
  } else {
    const note = 'DATABASE_URL is unset: the PostgreSQL row with 100,000 bets was skipped.';
    console.log(note);
    notes.push(note);
  }
  return { name: 'Lottery settlement (one draw)', rows, notes };
};
