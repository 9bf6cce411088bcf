import type { FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import { buildApp } from './app';
import type { AppConfig } from './config';
import { type DatabaseHandle, openDatabase } from './db/database';
import { demoLogins, type SeededDemo, seedDemoData } from './db/seed';
import { startDemoVendorBesidePlatform } from './modules/games/demo-vendor-runner';
import { startSportsbookBesidePlatform } from './modules/games/sportsbook-runner';
import type { RunningVendorProcess } from './modules/games/vendor-process';
import { ownUrl } from './modules/payments/gateway-client';
import { startSandboxBesidePlatform } from './modules/payments/sandbox-runner';
import { seedShowcase, seedShowcaseVendorPlay } from './showcase';

export type RunningPlatform = {
  app: FastifyInstance;
  database: DatabaseHandle;
  /** The port the platform listens on (PORT=0 picks a free one). */
  port: number;
  sandboxUrl: string | undefined;
  demoVendorUrl: string | undefined;
  sportsbookUrl: string | undefined;
  /** What the demo seeding created to show once (the operator's first password); undefined without SEED_DEMO. */
  seeded: SeededDemo | undefined;
  /** Stops everything: the app (its jobs and requests), the processes beside it, then the database. */
  close: () => Promise<void>;
};

export type StartPlatformOptions = {
  /** An open database to run on (tests); the platform closes it last. Else DATABASE_URL or DATA_DIR. */
  database?: DatabaseHandle;
  /** Where logs go; standard output when absent (tests read them). */
  logStream?: DestinationStream;
};

/**
 * The whole platform as `npm start` runs it: database and migrations, demo data, the sandbox payment gateway,
 * the app listening on HOST:PORT, then the demo game vendor (it calls the platform's wallet API).
 */
export const startPlatform = async (
  config: AppConfig,
  { database: givenDatabase, logStream }: StartPlatformOptions = {},
): Promise<RunningPlatform> => {
  const database =
    givenDatabase ??
    (await openDatabase(config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: config.DATA_DIR }));
  await database.migrate();
  const seeded = config.SEED_DEMO
    ? await seedDemoData(database.db, { operatorInitialPassword: config.OPERATOR_INITIAL_PASSWORD })
    : undefined;

  // The sandbox payment gateway runs beside the platform, so the demo's gateway deposits work for real.
  const sandbox = await startSandboxBesidePlatform(config, database.db);
  // The demo game vendor is its own process, started once the platform listens (it calls the wallet API).
  let demoVendor: RunningVendorProcess | undefined = undefined;
  let sportsbook: RunningVendorProcess | undefined = undefined;
  const app = await buildApp({
    config,
    database,
    ...(logStream ? { logStream } : {}),
    ...(sandbox ? { sandboxGatewayUrl: sandbox.url } : {}),
    gameFrameOrigins: () => [demoVendor, sportsbook].flatMap((vendor) => (vendor ? [vendor.origin] : [])),
  });
  await app.listen({ host: config.HOST, port: config.PORT });
  // The demo's showcase (a sub-agent with contracts, the player's bets) through the API; not in test apps.
  if (config.SEED_DEMO) {
    await seedShowcase(app, database.db).catch((error: unknown) => {
      app.log.warn({ err: error }, 'the showcase demo data was not seeded');
    });
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  const platformUrl = ownUrl(app.server, config.HOST, config.PORT);
  demoVendor = await startDemoVendorBesidePlatform(config, database.db, { platformUrl, log: app.log });
  // After the demo vendor: the sportsbook takes over the BTI and e-sports vendors.
  sportsbook = await startSportsbookBesidePlatform(config, database.db, { platformUrl, log: app.log });
  // The demo player's vendor rounds, played at the demo vendor once it listens.
  if (config.SEED_DEMO && demoVendor) {
    await seedShowcaseVendorPlay(app, database.db, demoVendor.url).catch((error: unknown) => {
      app.log.warn({ err: error }, 'the showcase vendor rounds were not played');
    });
  }
  return {
    app,
    database,
    port,
    sandboxUrl: sandbox?.url,
    demoVendorUrl: demoVendor?.url,
    sportsbookUrl: sportsbook?.url,
    seeded,
    // In this order: the app stops its jobs and requests, then what runs beside it, and the database last.
    // (An onClose hook would not do: Fastify runs them last registered first, before the modules' own.)
    close: async () => {
      await app.close();
      await sportsbook?.close();
      await demoVendor?.close();
      await sandbox?.close();
      await database.close();
    },
  };
};

/**
 * What `npm start` prints once everything has started, after every start-up log line: where each part is and
 * the demo logins. Development logs requests at debug, so browsing the site does not scroll it away.
 */
export const startupBanner = (
  platform: Pick<
    RunningPlatform,
    'database' | 'port' | 'sandboxUrl' | 'demoVendorUrl' | 'sportsbookUrl' | 'seeded'
  >,
  config: Pick<AppConfig, 'DATA_DIR'>,
): string => {
  const { database, port, sandboxUrl, demoVendorUrl, sportsbookUrl, seeded } = platform;
  const where = database.kind === 'pglite' ? `embedded PGlite in ${config.DATA_DIR}` : 'PostgreSQL';
  const lines = [
    '',
    `  Platform running at http://localhost:${port}/  (database: ${where})`,
    `  Operator console:   http://localhost:${port}/backoffice/`,
    `  API documentation:  http://localhost:${port}/docs`,
    ...(sandboxUrl ? [`  Sandbox payment gateway: ${sandboxUrl}/  (pretend payments for the demo)`] : []),
    ...(demoVendorUrl
      ? [`  Demo game vendor:   ${demoVendorUrl}/  (its own process; plays the demo games)`]
      : []),
    ...(sportsbookUrl
      ? [`  Sportsbook:         ${sportsbookUrl}/  (its own process; the Sports and E-Sports tiles open it)`]
      : []),
    ...(seeded ? ['  Demo logins:', ...demoLogins(seeded).map((login) => `    ${login}`)] : []),
    '',
  ];
  return `${lines.join('\n')}\n`;
};
