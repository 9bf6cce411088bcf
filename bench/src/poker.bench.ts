import { performance } from 'node:perf_hooks';
import { randomUUID } from 'node:crypto';
import { setTimeout as wait } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import type { PvpActionKind, PvpTableView } from '@wps/contracts/pvp';
import { type DatabaseHandle, selectRows } from '@wps/server/db/database';
import { seedDemoData } from '@wps/server/db/seed';
import { createManualScheduler } from '@wps/server/modules/house-games/crash.test-helpers';
import { roomsFor } from '@wps/server/modules/house-games/pvp/pvp-rooms';
import { ensureTables, listTables } from '@wps/server/modules/house-games/pvp/pvp.repository';
import { createPvpService } from '@wps/server/modules/house-games/pvp/pvp.service';
import { createTestApp } from '@wps/server/testing/test-app';
import { openTestDatabase } from '@wps/server/testing/test-database';
import type { BenchResult } from './run';

const percentile = (sorted: readonly number[], share: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? 0;

/** A plain strategy: check when free, else call; now and then a minimum raise. */
const moveOf = (view: PvpTableView, turn: number): { kind: PvpActionKind; amount?: string } => {
  const options = view.you.options;
  if (options?.canRaise && turn % 7 === 0) return { kind: 'RAISE', amount: options.minRaiseTo };
  return { kind: options?.canCheck ? 'CHECK' : 'CALL' };
};

/**
 * `tableCount` heads-up hold'em tables, each with two members who bought in, play `handsPerTable` hands at
 * once through the service: one driver loop deals every table's next hand as soon as the last one ends, and
 * one worker per table reads the table and sends the move of whoever is to act (the way two pages would).
 */
const measure = async (
  database: DatabaseHandle,
  label: string,
  tableCount: number,
  handsPerTable: number,
) => {
  const { db } = database;
  await seedDemoData(db);
  const testApp = await createTestApp({}, { database, scheduler: createManualScheduler() });
  const { app } = testApp;
  const pvp = createPvpService({
    db,
    ledger: app.wallet.ledger,
    wallet: app.wallet.wallet,
    turnover: app.turnover.turnover,
    protection: app.protection.protection,
    settings: { pauseMs: 0, turnMs: 600_000, actionsPerWindow: 1_000_000 },
  });
  try {
    const [brand] = await selectRows<{ id: bigint }>(db, sql`select id from brands order by id limit 1`);
    if (!brand) throw new Error('no brand');
    const [low] = roomsFor(2).filter((room) => room.code === 'HOLDEM-LOW-6');
    if (!low) throw new Error('no low room');
    const tag = randomUUID().slice(0, 6);
    await ensureTables(
      db,
      brand.id,
      'USD',
      Array.from({ length: tableCount }, (_, index) => ({ ...low, code: `BENCH-${tag}-${index}`, seats: 2 })),
    );
    const tables = (await listTables(db, brand.id, 'USD')).filter((table) => table.roomCode.includes(tag));
    await db.execute(sql`
      insert into members (brand_id, username, nickname, type)
      select ${brand.id}, ${`pk${tag}_`} || i, 'Poker', 0 from generate_series(1, ${tableCount * 2}) i`);
    const members = await selectRows<{ id: bigint; username: string }>(
      db,
      sql`select id, username from members where username like ${`pk${tag}_%`} order by id`,
    );
    const { ledger } = app.wallet;
    const promotion = await ledger.ensureSystemAccount(brand.id, 'promotion', 'USD');
    for (const member of members) {
      const cash = await ledger.ensureMemberAccount(brand.id, member.id, 'USD');
      await ledger.post({
        brandId: brand.id,
        idempotencyKey: `bench:poker:${tag}:${member.id}`,
        kind: 'bonus',
        legs: [
          { accountId: promotion.id, amount: -1_000_000n },
          { accountId: cash.id, amount: 1_000_000n },
        ],
      });
    }
    const seated = tables.map((table, index) => {
      const pair = [members[index * 2], members[index * 2 + 1]].map((member) => {
        if (!member) throw new Error('too few members');
        return { id: member.id, brandId: brand.id, username: member.username };
      });
      return { tableId: table.id.toString(), players: pair };
    });
    for (const { tableId, players } of seated) {
      for (const [seat, player] of players.entries()) {
        await pvp.sitDown(player, tableId, { buyIn: '100', requestId: randomUUID(), seat });
      }
    }

    const latencies: number[] = [];
    const loop = { isRunning: true };
    const driver = (async () => {
      while (loop.isRunning) {
        await pvp.drive();
        await wait(1);
      }
    })();
    const started = performance.now();
    const play = async ({ tableId, players }: (typeof seated)[number]) => {
      let turn = 0;
      for (;;) {
        const [first] = players;
        if (!first) return;
        const view = await pvp.view(tableId, first, brand.id);
        const hand = view.table.hand;
        if (hand && hand.number >= handsPerTable && hand.status === 'SETTLED') return;
        const actor =
          hand?.status === 'PLAYING' && hand.toActSeat !== null ? players[hand.toActSeat] : undefined;
        if (!hand || !actor) {
          await wait(2);
          continue;
        }
        const mine = actor === first ? view : await pvp.view(tableId, actor, brand.id);
        const move = moveOf(mine, turn);
        turn += 1;
        const at = performance.now();
        await pvp.act(actor, tableId, { handId: hand.handId, actionId: randomUUID(), ...move });
        latencies.push(performance.now() - at);
      }
    };
    await Promise.all(seated.map(play));
    const seconds = (performance.now() - started) / 1000;
    loop.isRunning = false;
    await driver;
    const chips = await pvp.chipsAtTables(brand.id, 'USD');
    const stacks = await ledger.getBalance(
      (await ledger.ensureSystemAccount(brand.id, 'table_stacks', 'USD', 'HOLDEM')).id,
    );
    if (chips !== stacks) throw new Error(`the tables hold ${chips}, the stacks account ${stacks}`);
    await pvp.close();
    const sorted = [...latencies].sort((a, b) => a - b);
    const row = {
      database: label,
      tables: tableCount,
      hands: tableCount * handsPerTable,
      'hands/s': Number(((tableCount * handsPerTable) / seconds).toFixed(1)),
      actions: latencies.length,
      'action p50 (ms)': Number(percentile(sorted, 0.5).toFixed(1)),
      'action p99 (ms)': Number(percentile(sorted, 0.99).toFixed(1)),
    };
    console.log(row);
    return row;
  } finally {
    await testApp.close();
  }
};

/** The card rooms: 50 heads-up hold'em tables playing hands at once (exported, run on demand). */
export const pokerBench = async (): Promise<BenchResult> => {
  const notes = [
    "Heads-up no-limit hold'em tables, two seated members each, all playing at once through the service: one driver loop deals each table's next hand as soon as the last ends; one worker per table reads the table (as a page would) and sends the move of the player to act (check or call, a minimum raise every seventh move).",
    'Each move is one transaction under the table row lock: the state, the chips moved, the betting record at a first chip, and at the end of the hand its settlement (pots, rake posting, records, turnover). The table stacks account is checked against the chips on the tables at the end.',
  ];
  const tableCount = Number(process.env.POKER_BENCH_TABLES ?? 50);
  const hands = Number(process.env.POKER_BENCH_HANDS ?? 10);
  const database = await openTestDatabase({ checkLedger: false });
  try {
    const label = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite (in memory)';
    const row = await measure(database, label, tableCount, hands);
    return { name: "Card rooms (hold'em hands)", rows: [row], notes };
  } finally {
    await database.close();
  }
};
