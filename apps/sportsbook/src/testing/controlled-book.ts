import { readFileSync } from 'node:fs';
import { z } from 'zod';
import type { FixtureResult } from '../domain';
import { MatchSimulator } from '../feed/simulator';
import { startSportsbook } from '../sportsbook';

/**
 * The sportsbook as its own process for tests that kill it: the feed is a seeded simulator that stands still (the
 * same fixtures after every restart) and results arrive from the parent over the IPC channel, as a trader's
 * manual result would (`{ settle: fixtureId, result }`). Prints the listening line the platform's vendor runner
 * reads; settles in small chunks, so that a kill can land between two.
 */

const environment = z
  .object({
    SPORTSBOOK_PLATFORM_URL: z.url(),
    SPORTSBOOK_KEY_FILE: z.string().min(1),
    SPORTSBOOK_DATABASE_URL: z.string().min(1),
    SPORTSBOOK_SETTLEMENT_CHUNK: z.coerce.number().int().positive().default(100),
  })
  .parse(process.env);

const messageSchema = z.object({
  settle: z.string(),
  result: z.custom<FixtureResult>((value) => typeof value === 'object' && value !== null),
});

const book = await startSportsbook({
  platformUrl: environment.SPORTSBOOK_PLATFORM_URL,
  privateKeyPem: readFileSync(environment.SPORTSBOOK_KEY_FILE, 'utf8'),
  store: { url: environment.SPORTSBOOK_DATABASE_URL },
  feed: new MatchSimulator({ seed: 'controlled-book', startAt: Date.parse('2026-11-27T12:00:00Z') }),
  limits: { inPlayDelayMs: [0, 0], maxLiabilityPerMarket: 10n ** 12n },
  settlementChunk: environment.SPORTSBOOK_SETTLEMENT_CHUNK,
  senderIntervalMs: 50,
});

process.on('message', (message: unknown) => {
  const parsed = messageSchema.safeParse(message);
  if (!parsed.success) return;
  const { result } = parsed.data;
  void book.settle(parsed.data.settle, result, result.status === 'final' ? 'finished' : result.reason);
});
process.once('SIGTERM', () => {
  void book.close().then(() => process.exit(0));
});
process.once('disconnect', () => {
  void book.close().then(() => process.exit(0));
});
process.stdout.write(`${JSON.stringify({ event: 'listening', url: book.url, launchUrl: book.launchUrl })}\n`);
