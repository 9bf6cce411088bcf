import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { asc, eq, sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterEach, describe, expect, it } from 'vitest';
import { type Database, type DatabaseHandle, openDatabase, selectRows } from '../../db/database';
import { createScratchDatabase, openTestDatabase } from '../../testing/test-database';
import { canonicalAuditRow, genesisHash, hashAuditRow, verifyAuditChain } from './audit-chain';
import { type AuditEvent, recordAuditEvent } from './audit.service';
import { auditChainHead, auditEvents } from './audit.tables';
import { runVerifyChain } from './verify-chain.cli';

const opened: Array<{ close: () => Promise<void> }> = [];
afterEach(async () => {
  for (const each of opened.splice(0).reverse()) await each.close();
});

const openChainDatabase = async (): Promise<DatabaseHandle> => {
  const database = await openTestDatabase({ checkLedger: false });
  opened.push(database);
  return database;
};

const event = (index: number, overrides: Partial<AuditEvent> = {}): AuditEvent => ({
  actor: { type: 'staff', id: String(index), ip: '203.0.113.7', userAgent: 'Mozilla/5.0 (test)' },
  action: 'test.thing.change',
  entityType: 'thing',
  entityId: String(index),
  before: { value: index - 1 },
  after: { value: index },
  ...overrides,
});

/** `count` events, each committed in its own transaction, as the application writes them. */
const recordEvents = async (db: Database, count: number): Promise<void> => {
  for (let index = 1; index <= count; index += 1) await recordAuditEvent(db, event(index));
};

const chainRows = (db: Database) =>
  db
    .select({
      id: auditEvents.id,
      chainSeq: auditEvents.chainSeq,
      prevHash: auditEvents.prevHash,
      hash: auditEvents.hash,
    })
    .from(auditEvents)
    .orderBy(asc(auditEvents.chainSeq));

const idAt = async (db: Database, place: number): Promise<string> => {
  const [row] = await db
    .select({ id: auditEvents.id })
    .from(auditEvents)
    .where(eq(auditEvents.chainSeq, BigInt(place)));
  if (!row) throw new Error(`no row at place ${String(place)}`);
  return row.id.toString();
};

/**
 * A change made straight in the database, past the application and past the trigger that refuses changes, as
 * someone with the database's password could: triggers are off for this one transaction.
 */
const tamper = (db: Database, statement: ReturnType<typeof sql>) =>
  db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(statement);
  });

const verifyWithCli = async (db: Database) => {
  const lines: string[] = [];
  const code = await runVerifyChain(db, (line) => lines.push(line));
  return { code, output: lines.join('\n') };
};

describe('the audit hash chain', () => {
  it('seals each committed row with its place, the previous hash and its own, which the verifier recomputes', async () => {
    const { db } = await openChainDatabase();
    await recordEvents(db, 3);
    // Fields that a careless serialisation would confuse: separators, quotes, non-ASCII text, nulls, numbers.
    await recordAuditEvent(db, {
      actor: { type: 'agent', id: '12|34', userAgent: 'ua "quoted" | piped' },
      action: 'agents.contract.offer',
      entityType: 'agent_contract',
      entityId: '9',
      before: null,
      after: { note: 'سلام 👋 "x"', rate: 1.5, tiers: [{ min: '100.00' }], nested: { b: 1, a: null } },
    });
    await recordAuditEvent(db, { ...event(5), actor: { type: 'system', id: 'job:test' } });

    const rows = await chainRows(db);
    expect(rows.map((row) => row.chainSeq)).toEqual([1n, 2n, 3n, 4n, 5n]);
    expect(rows[0]?.prevHash).toBe(genesisHash);
    for (const [index, row] of rows.entries()) {
      expect(row.hash).toMatch(/^[0-9a-f]{64}$/);
      if (index > 0) expect(row.prevHash).toBe(rows[index - 1]?.hash);
    }
    const [head] = await db.select().from(auditChainHead);
    expect(head).toMatchObject({ lastSeq: 5n, lastHash: rows[4]?.hash });

    expect(await verifyAuditChain(db, { batchSize: 2 })).toMatchObject({
      isIntact: true,
      checkedRows: 5,
      lastSeq: '5',
      broken: null,
    });
    expect(await verifyWithCli(db)).toEqual({
      code: 0,
      output: 'audit chain intact: 5 rows checked, last place 5',
    });
  });

  it('builds the canonical form with byte lengths, so no field can pass for another', () => {
    const row = {
      id: '7',
      chainSeq: '3',
      createdAt: '2026-01-02T03:04:05.123456Z',
      actorType: 'staff',
      actorId: 'a|b',
      actorIp: null,
      userAgent: 'é',
      action: 'x.y',
      entityType: 'thing',
      entityId: '1',
      before: null,
      after: '{"a": 1}',
      prevHash: genesisHash,
    };
    expect(canonicalAuditRow(row)).toBe(
      `audit-v1|1:3|1:7|27:2026-01-02T03:04:05.123456Z|5:staff|3:a|b|-|2:é|3:x.y|5:thing|1:1|-|8:{"a": 1}|64:${genesisHash}`,
    );
    expect(hashAuditRow({ ...row, actorId: 'a', userAgent: 'b|2:é' })).not.toBe(hashAuditRow(row));
  });

  it('seals the rows of one transaction in the order they were written, and nothing of a rolled-back one', async () => {
    const { db } = await openChainDatabase();
    await db.transaction(async (tx) => {
      await recordAuditEvent(tx, event(1, { entityId: 'first' }));
      await recordAuditEvent(tx, event(2, { entityId: 'second' }));
    });
    await db
      .transaction(async (tx) => {
        await recordAuditEvent(tx, event(3, { entityId: 'rolled-back' }));
        throw new Error('roll back');
      })
      .catch(() => undefined);
    await recordAuditEvent(db, event(4, { entityId: 'third' }));

    const rows = await db
      .select({ entityId: auditEvents.entityId, chainSeq: auditEvents.chainSeq })
      .from(auditEvents)
      .orderBy(asc(auditEvents.chainSeq));
    expect(rows).toEqual([
      { entityId: 'first', chainSeq: 1n },
      { entityId: 'second', chainSeq: 2n },
      { entityId: 'third', chainSeq: 3n },
    ]);
    expect((await verifyAuditChain(db)).isIntact).toBe(true);
  });

  it('still refuses to change or remove a row through the application, and refuses chain fields from a writer', async () => {
    const { db } = await openChainDatabase();
    await recordEvents(db, 2);
    await expect(
      db.update(auditEvents).set({ action: 'forged' }).where(eq(auditEvents.chainSeq, 1n)),
    ).rejects.toThrow();
    await expect(db.delete(auditEvents).where(eq(auditEvents.chainSeq, 2n))).rejects.toThrow();
    await expect(
      db.insert(auditEvents).values({
        actorType: 'staff',
        actorId: '1',
        action: 'x',
        entityType: 'thing',
        entityId: '1',
        hash: 'f'.repeat(64),
      }),
    ).rejects.toThrow();
    await expect(db.update(auditChainHead).set({ lastSeq: 1n })).rejects.toThrow();
    expect((await verifyAuditChain(db)).isIntact).toBe(true);
  });

  it('fails at a row changed directly in the database (its trigger switched off)', async () => {
    const { db } = await openChainDatabase();
    await recordEvents(db, 5);
    const changed = await idAt(db, 3);
    await tamper(db, sql`update audit_events set after = '{"value": 1000000}' where id = ${BigInt(changed)}`);

    expect(await verifyAuditChain(db, { batchSize: 2 })).toMatchObject({
      isIntact: false,
      checkedRows: 2,
      broken: { id: changed, chainSeq: '3', reason: 'hash_mismatch' },
    });
    const cli = await verifyWithCli(db);
    expect(cli.code).toBe(1);
    expect(cli.output).toContain(`row id ${changed}`);
  });

  it('fails at a row altered with the trigger disabled by ALTER TABLE, as an owner of the table could', async () => {
    const { db } = await openChainDatabase();
    await recordEvents(db, 3);
    const changed = await idAt(db, 2);
    await db.execute(sql`alter table audit_events disable trigger audit_events_insert_only`);
    await db.execute(sql`update audit_events set actor_id = 'someone else' where id = ${BigInt(changed)}`);
    await db.execute(sql`alter table audit_events enable trigger audit_events_insert_only`);

    expect((await verifyAuditChain(db)).broken).toEqual({
      id: changed,
      chainSeq: '2',
      reason: 'hash_mismatch',
    });
  });

  it('fails at the next row when a changed row was given a fresh hash', async () => {
    const { db } = await openChainDatabase();
    await recordEvents(db, 4);
    const changed = await idAt(db, 2);
    await tamper(db, sql`update audit_events set after = '{"value": 7}' where id = ${BigInt(changed)}`);
    await tamper(
      db,
      sql`update audit_events set hash = audit_event_hash(audit_events, chain_seq, prev_hash) where id = ${BigInt(changed)}`,
    );

    expect((await verifyAuditChain(db)).broken).toEqual({
      id: await idAt(db, 3),
      chainSeq: '3',
      reason: 'prev_hash_mismatch',
    });
  });

  it('finds a removed row, in the middle or at the end', async () => {
    const { db } = await openChainDatabase();
    await recordEvents(db, 5);
    const after = await idAt(db, 3);
    await tamper(db, sql`delete from audit_events where chain_seq = 2`);
    expect((await verifyAuditChain(db)).broken).toEqual({ id: after, chainSeq: '3', reason: 'sequence_gap' });
    const cli = await verifyWithCli(db);
    expect(cli).toMatchObject({ code: 1 });
    expect(cli.output).toContain(`row id ${after}`);

    const other = (await openChainDatabase()).db;
    await recordEvents(other, 3);
    await tamper(other, sql`delete from audit_events where chain_seq = 3`);
    expect((await verifyAuditChain(other)).broken).toEqual({
      id: null,
      chainSeq: '3',
      reason: 'missing_tail',
    });
  });

  it('fails when the last row was rewritten with a consistent hash, against the head', async () => {
    const { db } = await openChainDatabase();
    await recordEvents(db, 3);
    const last = await idAt(db, 3);
    await tamper(db, sql`update audit_events set action = 'forged' where id = ${BigInt(last)}`);
    await tamper(
      db,
      sql`update audit_events set hash = audit_event_hash(audit_events, chain_seq, prev_hash) where id = ${BigInt(last)}`,
    );
    expect((await verifyAuditChain(db)).broken).toEqual({ id: last, chainSeq: '3', reason: 'head_mismatch' });
  });

  it('finds a row slipped in with the triggers off, which the chain never sealed', async () => {
    const { db } = await openChainDatabase();
    await recordEvents(db, 2);
    await tamper(
      db,
      sql`insert into audit_events (actor_type, actor_id, action, entity_type, entity_id)
        values ('staff', '1', 'slipped.in', 'thing', '1')`,
    );
    const [slipped] = await db
      .select({ id: auditEvents.id })
      .from(auditEvents)
      .where(eq(auditEvents.action, 'slipped.in'));
    expect((await verifyAuditChain(db)).broken).toEqual({
      id: slipped?.id.toString(),
      chainSeq: null,
      reason: 'unsealed',
    });
  });

  it('is intact on an empty trail', async () => {
    const { db } = await openChainDatabase();
    expect(await verifyAuditChain(db)).toMatchObject({ isIntact: true, checkedRows: 0, lastSeq: null });
  });
});

/** A database with no migrations yet: PGlite in memory, or a scratch PostgreSQL database. */
const openBlankDatabase = async (): Promise<DatabaseHandle> => {
  const baseUrl = process.env.DATABASE_URL;
  if (!baseUrl) {
    const database = await openDatabase({ memory: true });
    opened.push(database);
    return database;
  }
  const scratch = await createScratchDatabase(baseUrl);
  const database = await openDatabase({ url: scratch.url });
  opened.push({
    close: async () => {
      await database.close();
      await scratch.drop();
    },
  });
  return database;
};

const migrationsFolder = path.join(import.meta.dirname, '../../../drizzle');
const chainMigrationTag = '0054_audit_hash_chain';

describe('the chain migration', () => {
  it('hashes the rows a database already had, in id order, and the chain goes on from them', async () => {
    // The migrations before the chain's, applied from a copy of the folder whose journal stops there.
    const folder = mkdtempSync(path.join(tmpdir(), 'wps-audit-migrations-'));
    opened.push({
      close: () => {
        rmSync(folder, { recursive: true, force: true });
        return Promise.resolve();
      },
    });
    cpSync(migrationsFolder, folder, { recursive: true });
    const journalFile = path.join(folder, 'meta/_journal.json');
    const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: Array<{ tag: string }> };
    const chainIndex = journal.entries.findIndex((entry) => entry.tag === chainMigrationTag);
    expect(chainIndex).toBeGreaterThan(0);
    writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, chainIndex) }));

    const database = await openBlankDatabase();
    const { db } = database;
    // What drizzle's migrators do, on whichever driver this run uses.
    const session = db._.session as unknown as Parameters<PgDialect['migrate']>[1];
    await new PgDialect().migrate(readMigrationFiles({ migrationsFolder: folder }), session, {
      migrationsFolder: folder,
    });
    await db.execute(sql`insert into audit_events (actor_type, actor_id, actor_ip, action, entity_type, entity_id, before, after, created_at)
      values ('staff', '1', '10.0.0.1', 'old.one', 'thing', 'a', null, '{"x": 1}', '2025-01-01T00:00:00.123456Z'),
             ('member', '2', null, 'old.two', 'thing', 'b', '{"x": 1}', '{"x": 2}', '2024-12-31T23:59:59Z'),
             ('system', 'job', null, 'old.three', 'thing', 'c', null, null, '2025-01-02T00:00:00Z')`);

    await database.migrate();
    const rows = await selectRows<{ action: string; chain_seq: string }>(
      db,
      sql`select action, chain_seq::text from audit_events order by id`,
    );
    expect(rows).toEqual([
      { action: 'old.one', chain_seq: '1' },
      { action: 'old.two', chain_seq: '2' },
      { action: 'old.three', chain_seq: '3' },
    ]);
    expect((await verifyAuditChain(db)).isIntact).toBe(true);

    await recordAuditEvent(db, event(4));
    expect(await verifyAuditChain(db)).toMatchObject({ isIntact: true, checkedRows: 4, lastSeq: '4' });
  });
});

describe.runIf(process.env.DATABASE_URL)('the audit hash chain under concurrency (PostgreSQL)', () => {
  it('stays one chain when 50 transactions record at once, from two instances', async () => {
    const baseUrl = process.env.DATABASE_URL ?? '';
    const scratch = await createScratchDatabase(baseUrl);
    const first = await openDatabase({ url: scratch.url });
    const second = await openDatabase({ url: scratch.url });
    opened.push({
      close: async () => {
        await Promise.all([first.close(), second.close()]);
        await scratch.drop();
      },
    });
    await first.migrate();

    await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        (index % 2 === 0 ? first : second).db.transaction(async (tx) => {
          await recordAuditEvent(tx, event(index + 1));
          // More work after the audit row, as a real use case does, so the transactions overlap.
          await tx.execute(sql`select count(*) from audit_events`);
          await recordAuditEvent(tx, event(index + 1, { action: 'test.thing.second' }));
        }),
      ),
    );

    const rows = await chainRows(first.db);
    expect(rows.map((row) => row.chainSeq)).toEqual(
      Array.from({ length: 100 }, (_, index) => BigInt(index + 1)),
    );
    expect(await verifyAuditChain(first.db, { batchSize: 7 })).toMatchObject({
      isIntact: true,
      checkedRows: 100,
      lastSeq: '100',
    });
  });

  it('does not hold other writers up while a transaction with an audit row is still open', async () => {
    const { db } = await openChainDatabase();
    let releaseFirst = () => {};
    const firstMayCommit = new Promise<void>((resolve) => {
      releaseFirst = resolve;
    });
    let firstRecorded = () => {};
    const firstHasRecorded = new Promise<void>((resolve) => {
      firstRecorded = resolve;
    });
    const first = db.transaction(async (tx) => {
      await recordAuditEvent(tx, event(1, { entityId: 'long' }));
      firstRecorded();
      await firstMayCommit;
    });
    await firstHasRecorded;
    // Sealed at commit, not at insert: this commits while the first transaction still holds its audit row.
    await recordAuditEvent(db, event(2, { entityId: 'short' }));
    releaseFirst();
    await first;

    const rows = await db
      .select({ entityId: auditEvents.entityId, chainSeq: auditEvents.chainSeq })
      .from(auditEvents)
      .orderBy(asc(auditEvents.chainSeq));
    expect(rows).toEqual([
      { entityId: 'short', chainSeq: 1n },
      { entityId: 'long', chainSeq: 2n },
    ]);
    expect((await verifyAuditChain(db)).isIntact).toBe(true);
  });
});
