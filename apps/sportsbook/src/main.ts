import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { startSportsbook } from './sportsbook';

/**
 * The sportsbook's own process. The platform starts it after it listens (apps/server: sportsbook-runner.ts) and
 * reads the one JSON line it prints once listening: `{"event":"listening","url":…,"launchUrl":…}`. Logs go to
 * standard error, so standard output carries only that line.
 */

const words = (value: string | undefined): string[] =>
  (value ?? '').split(/\s+/).filter((word) => word !== '');

const environmentSchema = z.object({
  /** The platform's base URL; its wallet API is under /wps/vendor-wallet. */
  SPORTSBOOK_PLATFORM_URL: z.url({ protocol: /^https?$/ }).transform((value) => value.replace(/\/+$/, '')),
  /** The book's RSA private key (PEM), which signs its wallet calls. */
  SPORTSBOOK_KEY_FILE: z.string().min(1),
  /** Its own PostgreSQL database; else embedded PGlite in SPORTSBOOK_DATA_DIR. */
  SPORTSBOOK_DATABASE_URL: z.string().optional(),
  SPORTSBOOK_DATA_DIR: z.string().default('./data/sportsbook/store'),
  SPORTSBOOK_HOST: z.string().default('127.0.0.1'),
  /** 0, or a taken port, means a free one. */
  SPORTSBOOK_PORT: z.coerce.number().int().min(0).max(65535).default(8083),
  /** Space-separated origins allowed to frame the page; the platform's origin when unset. */
  SPORTSBOOK_FRAME_ANCESTORS: z.string().optional(),
  /** Space-separated vendor codes whose launches open on e-sports. */
  SPORTSBOOK_ESPORTS_VENDORS: z.string().optional(),
  /** Game time per real time of the simulated feed (60: a football match in 90 seconds). */
  SPORTSBOOK_SPEED: z.coerce.number().positive().max(3_600).default(30),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

const start = async (): Promise<void> => {
  const parsed = environmentSchema.safeParse(process.env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid sportsbook configuration:\n${problems.join('\n')}`);
  }
  const environment = parsed.data;
  const frameAncestors = environment.SPORTSBOOK_FRAME_ANCESTORS
    ? words(environment.SPORTSBOOK_FRAME_ANCESTORS)
    : [new URL(environment.SPORTSBOOK_PLATFORM_URL).origin];
  const book = await startSportsbook({
    platformUrl: environment.SPORTSBOOK_PLATFORM_URL,
    privateKeyPem: readFileSync(environment.SPORTSBOOK_KEY_FILE, 'utf8'),
    store: environment.SPORTSBOOK_DATABASE_URL
      ? { url: environment.SPORTSBOOK_DATABASE_URL }
      : { dataDir: environment.SPORTSBOOK_DATA_DIR },
    host: environment.SPORTSBOOK_HOST,
    port: environment.SPORTSBOOK_PORT,
    fallbackToFreePort: true,
    frameAncestors,
    esportsVendors: words(environment.SPORTSBOOK_ESPORTS_VENDORS),
    simulator: { speed: environment.SPORTSBOOK_SPEED },
    logger: { level: environment.LOG_LEVEL, stream: process.stderr },
  });

  let closing: Promise<void> | undefined;
  const stop = () => {
    closing ??= book.close().then(
      () => process.exit(0),
      (error: unknown) => {
        process.stderr.write(`sportsbook: ${error instanceof Error ? error.message : String(error)}\n`);
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
  // Started by the platform with an IPC channel: when the platform goes away, so does the book.
  process.once('disconnect', stop);

  process.stdout.write(
    `${JSON.stringify({ event: 'listening', url: book.url, launchUrl: book.launchUrl })}\n`,
  );
};

start().catch((error: unknown) => {
  process.stderr.write(`sportsbook: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
