import { randomUUID } from 'node:crypto';
import type { ScheduleFightRequest } from '@wps/contracts/cockfight';
import type { DatabaseHandle } from '../../../db/database';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import type { MemberRow } from '../../members/members.repository';
import {
  createManualScheduler,
  createTestClock,
  crashPlayers,
  openCrashDatabase,
  type TestClock,
} from '../crash.test-helpers';
import type { CockfightSettings } from './cockfight-config';
import { createCockfightService, type CockfightService } from './cockfight.service';

export { createTestClock, type TestClock };

/** Short timings, so a test walks a simulated fight's whole cycle with a few clock moves. */
export const testCockfightSettings: Partial<CockfightSettings> = {
  openMs: 1_000,
  lastCallMs: 500,
  fightMs: 300,
  pauseMs: 200,
  leaseMs: 2_000,
};

export const staffActor = { type: 'staff' as const, id: '1' };

export const fightCard: ScheduleFightRequest = {
  meronName: 'Red Thunder',
  meronWeight: 2_100,
  walaName: 'Golden Spur',
  walaWeight: 2_080,
};

export type CockfightHarness = {
  database: DatabaseHandle;
  testApp: TestApp;
  clock: TestClock;
  /** The demo brand, whose arena the tests use. */
  brand: { id: bigint; currency: string };
  players: ReturnType<typeof crashPlayers>;
  /** A cockfight service (one instance) on the shared database and clock. */
  instance: (options?: {
    settings?: Partial<CockfightSettings>;
    clock?: () => number;
    isSimulatorEnabled?: boolean;
  }) => CockfightService;
  close: () => Promise<void>;
};

/** The seeded platform on a test database, and cockfight service instances driven by hand on one clock. */
export const openCockfightHarness = async (): Promise<CockfightHarness> => {
  const database = await openCrashDatabase();
  const clock = createTestClock();
  const testApp = await createTestApp({}, { database, scheduler: createManualScheduler(), clock: clock.now });
  const { app } = testApp;
  const players = crashPlayers(database);
  const probe = await players.add(0n);
  const brand = { id: probe.member.brandId, currency: 'USD' };
  const instances: CockfightService[] = [];
  return {
    database,
    testApp,
    clock,
    brand,
    players,
    instance: (options = {}) => {
      const service = createCockfightService({
        db: database.db,
        ledger: app.wallet.ledger,
        wallet: app.wallet.wallet,
        turnover: app.turnover.turnover,
        bonuses: app.promotions.bonuses,
        settings: { ...testCockfightSettings, ...options.settings },
        isSimulatorEnabled: options.isSimulatorEnabled ?? false,
        clock: options.clock ?? clock.now,
        onError: (error) => {
          throw error;
        },
      });
      instances.push(service);
      return service;
    },
    close: async () => {
      for (const service of instances) await service.stop();
      await testApp.close();
      await database.close();
    },
  };
};

/** A fight of the operator's, scheduled and opened in the brand's arena; answers its id. */
export const openOperatorFight = async (
  service: CockfightService,
  brand: { id: bigint; currency: string },
  card: Partial<ScheduleFightRequest> = {},
): Promise<bigint> => {
  const fight = await service.schedule(staffActor, brand, { ...fightCard, ...card });
  const fightId = BigInt(fight.fightId);
  await service.open(staffActor, brand.id, fightId);
  return fightId;
};

/** A bet of `member` with a fresh request id. */
export const betOn = (
  service: CockfightService,
  member: MemberRow,
  fightId: bigint,
  side: 'meron' | 'wala' | 'draw',
  amount: string,
  requestId: string = randomUUID(),
) =>
  service.placeBet(
    member,
    { id: member.brandId, currency: 'USD' },
    {
      fightId: fightId.toString(),
      side,
      amount,
      requestId,
    },
  );
