import { loadConfig } from '../config';
import { openDatabase } from './database';
import { demoLogins, seedDemoData } from './seed';

/** `npm run db:migrate` and `npm run db:seed`, against DATABASE_URL or the embedded database. */
const run = async (command: string | undefined): Promise<void> => {
  if (command !== 'migrate' && command !== 'seed') throw new Error('usage: cli.ts migrate|seed');
  const config = loadConfig();
  const database = await openDatabase(
    config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: config.DATA_DIR },
  );
  try {
    await database.migrate();
    const seeded =
      command === 'seed'
        ? await seedDemoData(database.db, { operatorInitialPassword: config.OPERATOR_INITIAL_PASSWORD })
        : undefined;
    process.stdout.write(`${command} done (${database.kind})\n`);
    if (seeded) process.stdout.write(`${demoLogins(seeded).join('\n')}\n`);
  } finally {
    await database.close();
  }
};

run(process.argv[2]).catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
