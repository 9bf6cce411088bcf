import closeWithGrace from 'close-with-grace';
import { loadConfig } from './config';
import { startPlatform, startupBanner } from './server';

/** Starts the platform (server.ts), closes it gracefully on a signal, and says where everything is. */
const start = async (): Promise<void> => {
  const config = loadConfig();
  const platform = await startPlatform(config);
  const { app } = platform;

  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'closing after an error');
    else app.log.info({ signal }, 'closing');
    await platform.close();
  });

  // Last, after every start-up line, so it is what the terminal shows.
  process.stdout.write(startupBanner(platform, config));
};

start().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
