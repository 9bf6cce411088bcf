import type { DatabaseHandle } from '../../../db/database';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import {
  createManualScheduler,
  createTestClock,
  openCrashDatabase,
  type TestClock,
} from '../crash.test-helpers';
import { seedHouseTableGames } from '../house-games.seed';
import type { TableDefinition, TableSettings } from './table-config';
import { createTablesService, type TablesService } from './tables.service';

export { createTestClock, type TestClock };

/** Short timings, so a test walks a whole cycle with a few clock moves. */
export const testTableSettings: Partial<TableSettings> = {
  bettingMs: 1_000,
  cardStepMs: 100,
  spinMs: 300,
  resultHoldMs: 100,
  pauseMs: 200,
  leaseMs: 2_000,
};

export type TablesHarness = {
  database: DatabaseHandle;
  testApp: TestApp;
  clock: TestClock;
  /** A tables service (one instance) on the shared database and clock. */
  instance: (options?: {
    tables?: readonly TableDefinition[];
    clock?: () => number;
    settings?: Partial<TableSettings>;
  }) => TablesService;
  close: () => Promise<void>;
};

/** The seeded platform on a test database, and table service instances driven by hand on one clock. */
export const openTablesHarness = async (): Promise<TablesHarness> => {
  const database = await openCrashDatabase();
  const clock = createTestClock();
  const testApp = await createTestApp({}, { database, scheduler: createManualScheduler(), clock: clock.now });
  const { app } = testApp;
  await seedHouseTableGames(database.db);
  const instances: TablesService[] = [];
  return {
    database,
    testApp,
    clock,
    instance: (options = {}) => {
      const service = createTablesService({
        db: database.db,
        ledger: app.wallet.ledger,
        wallet: app.wallet.wallet,
        turnover: app.turnover.turnover,
        bonuses: app.promotions.bonuses,
        settings: { ...testTableSettings, ...options.settings },
        clock: options.clock ?? clock.now,
        onError: (error) => {
          throw error;
        },
        ...(options.tables ? { tables: options.tables } : {}),
      });
      instances.push(service);
      return service;
    },
    close: async () => {
      for (const service of instances) await service.close();
      await testApp.close();
      await database.close();
    },
  };
};
