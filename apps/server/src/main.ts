import closeWithGrace from 'close-with-grace';
import { loadConfig } from './config';
import { demoLogins } from './db/seed';
import { startPlatform } from './server';

/** Starts the platform (server.ts), closes it gracefully on a signal, and says where everything is. */
const start = async (): Promise<void> => {
  const config = loadConfig();
  const platform = await startPlatform(config);
  const { app, database, port, sandboxUrl, demoVendorUrl, seeded } = platform;

  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'closing after an error');
    else app.log.info({ signal }, 'closing');
    await platform.close();
  });

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
    ...(seeded ? ['  Demo logins:', ...demoLogins(seeded).map((login) => `    ${login}`)] : []),
    '',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
};

start().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
