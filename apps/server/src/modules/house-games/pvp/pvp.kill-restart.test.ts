import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PvpRoom, PvpTableView } from '@wps/contracts/pvp';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repositoryRoot } from '../../../config';
import { type DatabaseHandle, openDatabase, selectRows } from '../../../db/database';
import { seedDemoData } from '../../../db/seed';
import { createScratchDatabase, findInvariantViolations } from '../../../testing/test-database';
import { crashPlayers } from '../crash.test-helpers';

/**
 * Table stacks plus balances always equal the deposits, across a `kill -9` in the middle of a hand: the real
 * server process (main.ts, as `npm start` runs it) on its own database, two members seated by HTTP, a hand
 * played to a bet on the flop, the process killed with SIGKILL, started again on the same database. The
 * stated rule (hand-driver.ts) is that a hand is never voided: it carries on from its last committed step, so
 * the member facing the bet may still act (or, had the restart outlasted their turn, the clock folds them).
 * Then the ledger's invariants hold, the stacks account holds what the tables hold, cash + stacks + rake equal
 * the deposits, and no betting record or move of the hand is written twice.
 *
 * On PostgreSQL (DATABASE_URL: a fresh database beside it) or, without it, the embedded PGlite in a fresh
 * data folder.
 */

type Envelope<T> = { success: boolean; value: T; code?: string; message?: string };
type Member = { id: bigint; authorization: string };

const deposit = 50_000n;
const room = 'HOLDEM-LOW-6';

/** Everything but the card rooms stays quiet: no other game driver, vendor, gateway or sportsbook. */
const quietEnvironment = {
  PORT: '0',
  HOST: '127.0.0.1',
  NODE_ENV: 'test',
  LOG_LEVEL: 'warn',
  SEED_DEMO: 'true',
  OPERATOR_INITIAL_PASSWORD: randomBytes(18).toString('base64url'),
  SPORTSBOOK_ENABLED: 'false',
  DEMO_VENDOR_ENABLED: 'false',
  SANDBOX_GATEWAY_ENABLED: 'false',
  CRASH_ENABLED: 'false',
  HOUSE_TABLES_ENABLED: 'false',
  COCKFIGHT_TICK_MS: '0',
  COCKFIGHT_SIMULATOR_ENABLED: 'false',
  LOTTERY_JOB_INTERVAL_MS: '0',
  AGENT_FIGURES_FOLD_INTERVAL_MS: '0',
  LOYALTY_FOLD_INTERVAL_MS: '0',
  GAME_ROUND_IDLE_CHECK_INTERVAL_MS: '0',
  WEB_DIST: 'apps/web/dist-absent-in-tests',
  BACKOFFICE_DIST: 'apps/backoffice/dist-absent-in-tests',
};

/** Polls `probe` until it answers something other than undefined (a wait on a condition, never a fixed time). */
const waitFor = async <T>(
  what: string,
  probe: () => Promise<T | undefined>,
  timeoutMs = 60_000,
): Promise<T> => {
  const giveUpAt = Date.now() + timeoutMs;
  for (;;) {
    const answer = await probe();
    if (answer !== undefined) return answer;
    if (Date.now() > giveUpAt) throw new Error(`gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

type Server = { child: ChildProcess; baseUrl: string; output: () => string };

/** main.ts in its own process; ready once it printed its address and answers the status call. */
const startServer = async (environment: Record<string, string>): Promise<Server> => {
  const { DATABASE_URL: _inherited, ...parent } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repositoryRoot,
    env: { ...parent, ...quietEnvironment, ...environment },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const baseUrl = await waitFor('the server to print its address', async () => {
    if (child.exitCode !== null) throw new Error(`the server exited:\n${output}`);
    return /Platform running at (http:\/\/localhost:\d+)\//.exec(output)?.[1];
  }).catch((error: unknown) => {
    child.kill('SIGKILL');
    throw new Error(`${String(error)}\n${output}`);
  });
  await waitFor('the server to answer', async () => {
    const response = await fetch(`${baseUrl}/wps/system/status`).catch(() => undefined);
    return response?.ok ? true : undefined;
  });
  return { child, baseUrl, output: () => output };
};

const exitOf = (child: ChildProcess, signal: NodeJS.Signals) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) {
      resolve();
      return;
    }
    child.once('exit', () => {
      resolve();
    });
    child.kill(signal);
  });

/** A member's call to the API (a GET unless it says otherwise), answering the envelope's value. */
const request = async <T>(
  server: Server,
  member: Member,
  route: string,
  { method = 'GET', body }: { method?: 'GET' | 'POST'; body?: Record<string, unknown> } = {},
): Promise<T> => {
  const response = await fetch(`${server.baseUrl}/wps${route}`, {
    method,
    headers: {
      authorization: member.authorization,
      'x-merchant-code': 'DEMO',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const envelope = (await response.json()) as Envelope<T>;
  if (!envelope.success) throw new Error(`${route}: ${envelope.code ?? ''} ${envelope.message ?? ''}`);
  return envelope.value;
};

const viewOf = (server: Server, member: Member, tableId: string) =>
  request<PvpTableView>(server, member, `/pvp/tables/${tableId}/state`);

const act = (server: Server, member: Member, view: PvpTableView, kind: string, amount?: string) =>
  request<PvpTableView>(server, member, `/pvp/tables/${view.table.tableId}/actions`, {
    method: 'POST',
    body: {
      handId: view.table.hand?.handId,
      actionId: randomUUID(),
      kind,
      ...(amount === undefined ? {} : { amount }),
    },
  });

/** The member whose turn it is in the hand in play, with their view (once the view shows their options). */
const memberToAct = (server: Server, members: readonly Member[], tableId: string) =>
  waitFor('a member to act', async () => {
    for (const member of members) {
      const view = await viewOf(server, member, tableId);
      if (view.table.hand?.status === 'PLAYING' && view.you.options) return { member, view };
    }
    return undefined;
  });

const scalar = async (database: DatabaseHandle, query: ReturnType<typeof sql>): Promise<bigint> => {
  const [row] = await selectRows<{ value: string | null }>(database.db, query);
  return BigInt(row?.value ?? '0');
};

describe('a hold’em hand across kill -9 of the server process', { timeout: 300_000 }, () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'wps-pvp-kill-'));
  let environment: Record<string, string> = { DATA_DIR: dataDir };
  let location: Parameters<typeof openDatabase>[0] = { dataDir };
  let dropDatabase: () => Promise<void> = async () => undefined;
  let members: Member[] = [];
  let server: Server | undefined;

  beforeAll(async () => {
    const baseUrl = process.env.DATABASE_URL;
    if (baseUrl) {
      const scratch = await createScratchDatabase(baseUrl, 'wps_pvp_kill');
      environment = { ...environment, DATABASE_URL: scratch.url };
      location = { url: scratch.url };
      dropDatabase = scratch.drop;
    }
    // The platform's schema and demo data, and two members with deposits and sessions, written before it starts.
    const database = await openDatabase(location);
    try {
      await database.migrate();
      await seedDemoData(database.db);
      const players = crashPlayers(database);
      members = await Promise.all(
        [0, 1].map(async () => {
          const { member, authorization } = await players.add(deposit);
          return { id: member.id, authorization };
        }),
      );
    } finally {
      await database.close();
    }
  });

  afterAll(async () => {
    if (server) await exitOf(server.child, 'SIGKILL');
    await dropDatabase();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('carries the hand on from its last committed step, with every chip and record accounted for', async () => {
    server = await startServer(environment);
    const rooms = await request<{ rooms: PvpRoom[] }>(server, members[0] as Member, '/relay/GLS2_roomList');
    const tableId = rooms.rooms.find((entry) => entry.roomCode === room)?.roomId ?? '';
    for (const [seat, member] of members.entries()) {
      await request(server, member, `/pvp/tables/${tableId}/seats`, {
        method: 'POST',
        body: { seat, buyIn: '100', requestId: randomUUID() },
      });
    }

    // Pre-flop: a raise to 3 and a call; on the flop a bet of 2. The other member now faces it.
    let turn = await memberToAct(server, members, tableId);
    await act(server, turn.member, turn.view, 'RAISE', '3');
    turn = await memberToAct(server, members, tableId);
    await act(server, turn.member, turn.view, 'CALL');
    turn = await memberToAct(server, members, tableId);
    expect(turn.view.table.hand?.street).toBe('FLOP');
    await act(server, turn.member, turn.view, 'RAISE', '2');
    turn = await memberToAct(server, members, tableId);
    const beforeKill = turn.view.table;
    expect(beforeKill.hand).toMatchObject({ status: 'PLAYING', street: 'FLOP', pot: '8.00', number: 1 });

    await exitOf(server.child, 'SIGKILL');
    expect(server.child.signalCode).toBe('SIGKILL');
    server = await startServer(environment);

    // The same hand, where it stopped: the member facing the bet calls. (Had the restart outlasted their turn,
    // the clock would have folded them instead: the moves checked below hold either way.)
    const afterRestart = await viewOf(server, turn.member, tableId);
    const handId = beforeKill.hand?.handId ?? '';
    if (afterRestart.table.hand?.handId === handId && afterRestart.table.hand.status === 'PLAYING') {
      expect(afterRestart.table.hand).toMatchObject({
        street: 'FLOP',
        pot: '8.00',
        toActSeat: beforeKill.hand?.toActSeat,
      });
      expect(afterRestart.table.players).toEqual(beforeKill.players);
      await act(server, turn.member, afterRestart, 'CALL');
    }
    // Both check it down to the showdown, one move per poll.
    const running = server;
    const settled = await waitFor('the hand to end', async () => {
      const views = await Promise.all(members.map((member) => viewOf(running, member, tableId)));
      const hand = views[0]?.table.hand;
      if (hand?.handId !== handId || hand.status === 'SETTLED') return hand;
      const index = views.findIndex((view) => view.you.options !== null);
      const [member, view] = [members[index], views[index]];
      if (member && view) await act(running, member, view, view.you.options?.canCheck ? 'CHECK' : 'CALL');
      return undefined;
    });
    expect(settled).not.toBeNull();
    for (const member of members) {
      await request(server, member, `/pvp/tables/${tableId}/leave`, { method: 'POST' });
    }
    await exitOf(server.child, 'SIGTERM');
    server = undefined;

    const database = await openDatabase(location);
    try {
      expect(await findInvariantViolations(database)).toEqual([]);
      const hand = await selectRows<{ status: string; number: number }>(
        database.db,
        sql`select status, number from pvp_hands where id = ${BigInt(handId)}`,
      );
      expect(hand).toEqual([{ status: 'settled', number: 1 }]);
      // Its moves: the three before the kill, once each, and the hand carried on from there.
      const moves = await selectRows<{ sequence: number; kind: string }>(
        database.db,
        sql`select sequence, kind from pvp_actions where hand_id = ${BigInt(handId)} order by sequence`,
      );
      expect(moves.slice(0, 3).map((move) => move.kind)).toEqual(['RAISE', 'CALL', 'RAISE']);
      expect(moves.length).toBeGreaterThan(3);
      expect(moves.map((move) => move.sequence)).toEqual(moves.map((_, index) => index + 1));
      // Each member who put chips in has one betting record of the hand, settled; each move is stored once.
      const records = await selectRows<{ round_ref: string; status: string; copies: number }>(
        database.db,
        sql`select round_ref, min(status) as status, count(*)::int as copies from game_rounds
            where round_ref like ${`pvp:${handId}:%`} group by round_ref order by round_ref`,
      );
      expect(records).toEqual([
        { round_ref: `pvp:${handId}:0`, status: 'settled', copies: 1 },
        { round_ref: `pvp:${handId}:1`, status: 'settled', copies: 1 },
      ]);
      const duplicates = await selectRows<{ round_ref: string }>(
        database.db,
        sql`select round_ref from game_rounds group by vendor_id, member_id, round_ref having count(*) > 1
            union all
            select hand_id::text || ':' || sequence from pvp_actions group by hand_id, sequence having count(*) > 1`,
      );
      expect(duplicates).toEqual([]);

      // Everyone has left: the stacks account is empty, and cash plus the rake is what was deposited.
      const tableStacks = await scalar(
        database,
        sql`select sum(b.balance)::text as value from ledger_balances b
            join ledger_accounts a on a.id = b.account_id where a.kind = 'table_stacks'`,
      );
      const chipsAtTables = await scalar(
        database,
        sql`select (coalesce((select sum(stack) from pvp_seats where left_at is null), 0)
                  + coalesce((select sum((p.value ->> 'totalIn')::numeric) from pvp_hands h
                              cross join lateral jsonb_array_elements(h.state -> 'players') p
                              where h.status = 'playing'), 0))::text as value`,
      );
      expect(tableStacks).toBe(chipsAtTables);
      expect(tableStacks).toBe(0n);
      const cash = await scalar(
        database,
        sql`select sum(b.balance)::text as value from ledger_balances b
            join ledger_accounts a on a.id = b.account_id
            where a.kind = 'member_cash' and a.member_id in (${members[0]?.id ?? 0n}, ${members[1]?.id ?? 0n})`,
      );
      const rake = await scalar(database, sql`select sum(rake)::text as value from pvp_hands`);
      const houseRake = await scalar(
        database,
        sql`select sum(e.amount)::text as value from ledger_entries e
            join ledger_transactions t on t.id = e.transaction_id
            join ledger_accounts a on a.id = e.account_id
            where t.kind = 'pvp.rake' and a.kind = 'house'`,
      );
      expect(houseRake).toBe(rake);
      expect(cash + tableStacks + rake).toBe(deposit * 2n);
    } finally {
      await database.close();
    }
  });
});
