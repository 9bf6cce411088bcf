import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/database';
import { demoLogins, seedDemoData } from './db/seed';
import {
  type RunningDemoVendorProcess,
  startDemoVendorBesidePlatform,
} from './modules/games/demo-vendor-runner';
import { ownUrl } from './modules/payments/gateway-client';
import { startSandboxBesidePlatform } from './modules/payments/sandbox-runner';

/** Starts the platform: configuration, database and migrations, demo data, then listen. */
const start = async (): Promise<void> => {
  const config = loadConfig();
  const database = await openDatabase(
    config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: config.DATA_DIR },
  );
  await database.migrate();
  if (config.SEED_DEMO) await seedDemoData(database.db);

  // The sandbox payment gateway runs beside the platform, so the demo's gateway deposits work for real.
  const sandbox = await startSandboxBesidePlatform(config, database.db);
  // The demo game vendor is its own process, started once the platform listens (it calls the wallet API).
  let demoVendor: RunningDemoVendorProcess | undefined = undefined;
  const app = await buildApp({
    config,
    database,
    ...(sandbox ? { sandboxGatewayUrl: sandbox.url } : {}),
    gameFrameOrigins: () => (demoVendor ? [demoVendor.origin] : []),
  });
  app.addHook('onClose', async () => {
    await demoVendor?.close();
    await sandbox?.close();
    await database.close();
  });

  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'closing after an error');
    else app.log.info({ signal }, 'closing');
    await app.close();
  });

  await app.listen({ host: config.HOST, port: config.PORT });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  demoVendor = await startDemoVendorBesidePlatform(config, database.db, {
    platformUrl: ownUrl(app.server, config.HOST, config.PORT),
    log: app.log,
  });
  const where = database.kind === 'pglite' ? `embedded PGlite in ${config.DATA_DIR}` : 'PostgreSQL';
  const lines = [
    '',
    `  Platform running at http://localhost:${port}/  (database: ${where})`,
    `  Operator console:   http://localhost:${port}/backoffice/`,
    `  API documentation:  http://localhost:${port}/docs`,
    ...(sandbox ? [`  Sandbox payment gateway: ${sandbox.url}/  (pretend payments for the demo)`] : []),
    ...(demoVendor
      ? [`  Demo game vendor:   ${demoVendor.url}/  (its own process; plays the demo games)`]
      : []),
    ...(config.SEED_DEMO ? ['  Demo logins:', ...demoLogins.map((login) => `    ${login}`)] : []),
    '',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
};

start().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
