import { createHash } from 'node:crypto';
import type { CrashMyBet } from '@wps/contracts/crash';
import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../../db/database';
import { seedDemoData } from '../../db/seed';
import type { JobScheduler } from '../../jobs/scheduler';
import { createSessionToken } from '../../lib/session-token';
import { memberSessions } from '../auth/auth.tables';
import type { MemberRow } from '../members/members.repository';
import { createPushService } from '../push/push.service';
import { walletTestKit } from '../wallet/wallet-api.test-helpers';
import { createTestApp } from '../../testing/test-app';
import { openTestDatabase } from '../../testing/test-database';
import { buildHashChain, crashPointOf, hashIndexOfRound } from './crash-chain';
import { insertChain } from './crash.repository';
import { crashSalt } from './crash/crash-game';

/** A scheduler whose timers never fire: the test drives each job with `runNow`. */
export const createManualScheduler = (): JobScheduler => {
  const jobs = new Map<string, () => Promise<void>>();
  return {
    every: (name, _intervalMs, run) => {
      jobs.set(name, run);
    },
    runNow: async (name) => {
      const run = jobs.get(name);
      if (!run) throw new Error(`no job named ${name}`);
      await run();
    },
    stop: async () => undefined,
  };
};

/** A clock the test moves by hand. */
export const createTestClock = (start = Date.UTC(2026, 0, 1, 12)) => {
  let time = start;
  return {
    now: () => time,
    set: (value: number) => {
      time = value;
    },
    advance: (ms: number) => {
      time += ms;
    },
  };
};
export type TestClock = ReturnType<typeof createTestClock>;

export const crashTestSettings = {
  CRASH_BETTING_MS: '1000',
  CRASH_PAUSE_MS: '500',
  CRASH_TICK_MS: '100',
  CRASH_LEASE_MS: '2000',
  CRASH_CHAIN_LENGTH: '10000',
  CRASH_HOUSE_EDGE_BP: '100',
} as const;

export type CrashApp = {
  app: FastifyInstance;
  scheduler: JobScheduler;
  drive: () => Promise<void>;
  close: () => Promise<void>;
};

/** The whole platform on `database`, its crash driver run by hand on `clock`. */
export const buildCrashApp = async (database: DatabaseHandle, clock: TestClock): Promise<CrashApp> => {
  const scheduler = createManualScheduler();
  const { app, close } = await createTestApp(
    { ...crashTestSettings, CRASH_ENABLED: 'true' },
    { database, scheduler, clock: clock.now },
  );
  return { app, scheduler, drive: () => scheduler.runNow('crash.drive'), close };
};

export const openCrashDatabase = async (): Promise<DatabaseHandle> => {
  const database = await openTestDatabase();
  await seedDemoData(database.db);
  return database;
};

/**
 * Commits a chain of `length` hashes from the first test seed whose opening rounds satisfy `accept` (given
 * their crash points in hundredths), so a test knows how its rounds end. Answers those crash points.
 */
export const commitTestChain = async (
  database: DatabaseHandle,
  accept: (crashPoints: bigint[]) => boolean,
  rounds: number,
  length = 10_000,
): Promise<bigint[]> => {
  for (let attempt = 0; attempt < 10_000; attempt += 1) {
    const seed = createHash('sha256').update(`crash-test-seed-${attempt}`).digest('hex');
    const chain = await buildHashChain(seed, length);
    const points = Array.from({ length: rounds }, (_, index) =>
      crashPointOf(chain.hashAt(hashIndexOfRound(length, index + 1)), crashSalt, 100),
    );
    if (!accept(points)) continue;
    await insertChain(database.db, {
      seed,
      length,
      commitment: chain.commitment,
      salt: crashSalt,
      houseEdgeBasisPoints: 100,
    });
    return points;
  }
  throw new Error('no test seed gives such rounds');
};

/** Members with money and a session, for the crash endpoints. */
export const crashPlayers = (database: DatabaseHandle) => {
  const kit = walletTestKit({
    app: undefined as unknown as FastifyInstance,
    database,
    push: createPushService(),
    close: async () => undefined,
  });
  let serial = 0;
  return {
    balance: kit.balance,
    /** A funded member (minor units) and the Authorization header of a fresh session. */
    add: async (funds: bigint): Promise<{ member: MemberRow; authorization: string }> => {
      serial += 1;
      // No payment password: hashing one (argon2id) would only slow the tests down.
      const member = await kit.addMember(`crash${serial}${Math.floor(Date.now() % 100_000)}`, {
        paymentPassword: null,
      });
      if (funds > 0n) await kit.fund(member, funds);
      const { token, tokenHash } = createSessionToken();
      await database.db.insert(memberSessions).values({
        tokenHash,
        memberId: member.id,
        loginMethod: 'password',
        ip: '203.0.113.10',
        expiresAt: new Date(Date.now() + 3_600_000),
      });
      return { member, authorization: `Bearer ${token}` };
    },
  };
};

type Envelope<T> = { success: boolean; value: T; code?: string };

export const placeBet = async (
  app: FastifyInstance,
  authorization: string,
  body: { amount: string; autoCashOut?: string | null },
) => {
  const response = await app.inject({
    method: 'POST',
    url: '/wps/crash/bets',
    headers: { authorization },
    payload: body,
  });
  return { status: response.statusCode, body: response.json<Envelope<CrashMyBet>>() };
};

export const cashOut = async (app: FastifyInstance, authorization: string, betId: string) => {
  const response = await app.inject({
    method: 'POST',
    url: `/wps/crash/bets/${betId}/cash-out`,
    headers: { authorization },
  });
  return { status: response.statusCode, body: response.json<Envelope<CrashMyBet>>() };
};
