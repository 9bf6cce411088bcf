import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import { buildApp } from '@wps/server/app';
import { loadConfig } from '@wps/server/config';
import { type Database, selectRows } from '@wps/server/db/database';
import { seedDemoData } from '@wps/server/db/seed';
import { createSessionToken } from '@wps/server/lib/session-token';
import { memberSessions } from '@wps/server/modules/auth/auth.tables';
import { staff } from '@wps/server/modules/backoffice/backoffice.tables';
import { brands } from '@wps/server/modules/site/site.tables';
import { openTestDatabase } from '@wps/server/testing/test-database';
import type { MembersResult } from './live-chat-members';
import type { BenchResult } from './run';
import { percentile } from './vendor-wallet.bench';

/** The issue's load: 1,000 members with the chat open on one instance (env overrides for a quick look). */
const memberCount = Number(process.env.LIVE_CHAT_MEMBERS ?? 1_000);
/** Staff replies a second, spread over the members' conversations, for `seconds`. */
const repliesPerSecond = Number(process.env.LIVE_CHAT_REPLIES_PER_SECOND ?? 100);
const seconds = Number(process.env.LIVE_CHAT_SECONDS ?? 10);
const graceMs = 2_000;

/** Members of the demo brand with a session each, and one support staff member. */
const setUp = async (db: Database) => {
  const [brand] = await db.select({ id: brands.id }).from(brands).where(eq(brands.merchantCode, 'DEMO'));
  if (!brand) throw new Error('no demo brand');
  const tag = randomUUID().slice(0, 6);
  await db.execute(sql`
    insert into members (brand_id, username, nickname, type)
    select ${brand.id}, ${`lc${tag}_`} || i, 'Chat bench', 0 from generate_series(1, ${memberCount}) i`);
  const members = await selectRows<{ id: bigint }>(
    db,
    sql`select id from members where username like ${`lc${tag}_%`} order by id`,
  );
  const tokens: string[] = [];
  for (const member of members) {
    const { token, tokenHash } = createSessionToken();
    await db.insert(memberSessions).values({
      tokenHash,
      memberId: member.id,
      loginMethod: 'password',
      ip: '203.0.113.20',
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    tokens.push(token);
  }
  const [agent] = await db
    .insert(staff)
    .values({ username: `support-${tag}`, displayName: 'Support', passwordHash: 'not-used' })
    .returning({ id: staff.id });
  if (!agent) throw new Error('no staff member');
  return { brandId: brand.id, members, tokens, staffId: agent.id };
};

/**
 * Live chat at the issue's size: `memberCount` members with the chat open (each its member event stream, held by
 * a process of their own) on one instance, support answering `repliesPerSecond` messages a second spread over
 * their conversations. A delivery runs from the moment the reply is asked of the chat service (its transaction
 * included) to the `chat` signal's arrival at the member's stream, on which the site refetches the conversation.
 */
export const liveChatBench = async (): Promise<BenchResult> => {
  const name = `Live chat: ${memberCount.toLocaleString('en')} members with the chat open, support answering ${repliesPerSecond} a second`;
  const database = await openTestDatabase({ checkLedger: false });
  await seedDemoData(database.db);
  const { brandId, members, tokens, staffId } = await setUp(database.db);
  const app = await buildApp({
    config: loadConfig({ LOG_LEVEL: 'silent', WEB_DIST: 'apps/web/dist-absent-in-bench' }),
    database,
  });
  const chat = app.liveChat.liveChat;
  const actor = { type: 'staff' as const, id: staffId.toString(), ip: '127.0.0.1' };
  // Every member's conversation, already taken by support, so a reply is one message and one signal.
  const conversations: bigint[] = [];
  for (const member of members) {
    const conversation = await chat.member.open({ id: member.id, brandId });
    conversations.push(BigInt(conversation.id));
    await chat.staff.assign(actor, brandId, BigInt(conversation.id), undefined);
  }
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  const directory = mkdtempSync(path.join(tmpdir(), 'live-chat-members-'));
  const file = path.join(directory, 'tokens.json');
  writeFileSync(file, JSON.stringify(tokens));
  const script = fileURLToPath(new URL('./live-chat-members.ts', import.meta.url));
  const client = spawn(process.execPath, [...process.execArgv, script, url, file], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  try {
    const lines = createInterface({ input: client.stdout })[Symbol.asyncIterator]();
    const nextLine = async (): Promise<string> => {
      const line = await lines.next();
      if (line.done === true) throw new Error('the members process stopped');
      return line.value;
    };
    const ready = (await nextLine()).split(' ');
    const [, open = '0', failed = '0'] = ready;
    const rssOpen = process.memoryUsage().rss;
    const loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    const cpuBefore = process.cpuUsage();

    // Replies at a steady pace; each member's in the order asked, so the nth signal answers the nth reply.
    const asked: number[][] = members.map(() => []);
    const commitMs: number[] = [];
    const pending: Array<Promise<void>> = [];
    const total = repliesPerSecond * seconds;
    const started = performance.now();
    for (let index = 0; index < total; index += 1) {
      const due = started + (index * 1_000) / repliesPerSecond;
      const wait = due - performance.now();
      if (wait > 0) await sleep(wait);
      const target = index % members.length;
      const conversationId = conversations[target];
      if (conversationId === undefined) continue;
      asked[target]?.push(Date.now());
      const sent = performance.now();
      pending.push(
        chat.staff.reply(actor, brandId, conversationId, { body: `Reply ${String(index)}` }).then(() => {
          commitMs.push(performance.now() - sent);
        }),
      );
    }
    await Promise.all(pending);
    await sleep(graceMs);
    const cpu = process.cpuUsage(cpuBefore);
    loop.disable();
    const rssAfter = process.memoryUsage().rss;
    client.stdin.write('stop\n');
    const result = JSON.parse(await nextLine()) as MembersResult;

    const delays: number[] = [];
    let lost = 0;
    asked.forEach((times, member) => {
      const arrived = result.arrivals[member] ?? [];
      times.forEach((at, order) => {
        const arrival = arrived[order];
        if (arrival === undefined) lost += 1;
        else delays.push(arrival - at);
      });
    });
    delays.sort((a, b) => a - b);
    commitMs.sort((a, b) => a - b);
    const ms = (value: number) => `${value.toFixed(1)} ms`;
    const mb = (bytes: number) => `${(bytes / 1_048_576).toFixed(0)} MB`;
    return {
      name,
      rows: [
        { figure: 'driver', value: process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite' },
        { figure: 'member streams open (failed)', value: `${open} (${failed})` },
        { figure: 'replies sent, signals delivered, lost', value: `${total}, ${delays.length}, ${lost}` },
        {
          figure: 'delivery p50 / p95 / p99 / max (target p99 < 100 ms)',
          value: `${ms(percentile(delays, 0.5))} / ${ms(percentile(delays, 0.95))} / ${ms(percentile(delays, 0.99))} / ${ms(delays.at(-1) ?? 0)}`,
        },
        {
          figure: 'reply committed p50 / p99',
          value: `${ms(percentile(commitMs, 0.5))} / ${ms(percentile(commitMs, 0.99))}`,
        },
        {
          figure: 'server event loop delay p99 / max',
          value: `${ms(loop.percentile(99) / 1e6)} / ${ms(loop.max / 1e6)}`,
        },
        { figure: 'server RSS with the streams open, after', value: `${mb(rssOpen)}, ${mb(rssAfter)}` },
        {
          figure: 'CPU per reply: server (while replying) / members process (whole run)',
          value: `${((cpu.user + cpu.system) / total).toFixed(0)} µs / ${((result.cpuMs * 1_000) / total).toFixed(0)} µs`,
        },
        { figure: 'streams closed during the run', value: result.dropped },
      ],
      notes: [
        'The members run in a process of their own (bench/src/live-chat-members.ts), one HTTP connection each to `/wps/member/events`, as browsers elsewhere would; the server (this process) and the database share the machine’s cores with them.',
        'A reply is the chat service’s staff reply (its transaction: lock, message, read mark; then the signals), called in the server process as the console’s route would, without the HTTP request of the staff member; a delivery is counted when the `chat` signal reaches the member’s stream (the site then refetches the conversation).',
      ],
    };
  } finally {
    client.kill();
    rmSync(directory, { recursive: true, force: true });
    await app.close();
    await database.close();
  }
};

if (process.argv[1]?.endsWith('live-chat.bench.ts')) {
  const result = await liveChatBench();
  console.log(`\n${result.name}`);
  console.table(result.rows);
  for (const note of result.notes) console.log(`  ${note}`);
}
