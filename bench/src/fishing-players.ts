import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { FishingBatchRequest } from '@wps/contracts/fishing';
import { defaultAim } from '@wps/server/modules/house-games/fishing/fish-rules';

/**
 * The players' side of the fishing load bench, in a process of their own (real players are browsers on other
 * machines): each player opens a session in the deep-sea room, hits a fish every 1/shotsPerSecond s and sends the
 * hits so far every flush interval, one batch in flight at a time, as the site does. Arguments: url, tokens file
 * (a JSON array of session tokens), shots a second, flush interval in ms, seconds. A warm-up second is played
 * first and not counted; the line `measuring` marks the start of the measured part, and one JSON line
 * (`PlayersResult`) its figures. A warm-up second is played first and not counted. Prints the figures as
 * one JSON line (`PlayersResult`).
 */
export type PlayersResult = {
  shotLatencies: number[];
  batchLatencies: number[];
  shots: number;
  batches: number;
  failed: Record<string, number>;
  elapsedSeconds: number;
  cpuMs: number;
};

type Player = { token: string; sessionId: string };
type Tally = Omit<PlayersResult, 'elapsedSeconds' | 'cpuMs'>;

const [url = '', file = '', shotsArgument = '5', flushArgument = '250', secondsArgument = '20'] =
  process.argv.slice(2);
const tokens = JSON.parse(readFileSync(file, 'utf8')) as string[];
const shotsPerSecond = Number(shotsArgument);
const flushEveryMs = Number(flushArgument);
const seconds = Number(secondsArgument);
const stake = '1.00';

/** One connection per player, kept open, as a browser keeps its own. */
const agent = new Agent({ keepAlive: true, maxSockets: 1_000 });

type Answer = { success: boolean; code?: string; value?: { sessionId?: string; shots?: unknown[] } };

const postJson = (path: string, token: string, payload: object) =>
  new Promise<Answer>((resolve, reject) => {
    const body = JSON.stringify(payload);
    const outgoing = httpRequest(
      `${url}${path}`,
      {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          authorization: `Bearer ${token}`,
        },
      },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('end', () => {
          resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')) as Answer);
        });
        incoming.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });

const sleep = (ms: number) =>
  new Promise((resolve) => {
    setTimeout(resolve, ms);
  });

const play = async (player: Player, until: number, offset: number, tally: Tally) => {
  let queued: FishingBatchRequest['shots'] = [];
  let fired = 0;
  await sleep(offset);
  const started = performance.now();
  for (let tick = 1; performance.now() < until; tick += 1) {
    const due = Math.floor(((performance.now() - started) / 1_000) * shotsPerSecond);
    for (; fired < due; fired += 1) {
      const { fish, power } = defaultAim(fired + offset);
      queued.push({ shotId: randomUUID(), fish, power, stake });
    }
    if (queued.length > 0) {
      const shots = queued.slice(0, 20);
      queued = queued.slice(20);
      const sent = performance.now();
      const answer = await postJson(`/wps/fishing/sessions/${player.sessionId}/shots`, player.token, {
        batchId: randomUUID(),
        shots,
      });
      const latency = performance.now() - sent;
      tally.batches += 1;
      tally.batchLatencies.push(latency);
      const code = answer.code ?? 'unknown';
      if (!answer.success) tally.failed[code] = (tally.failed[code] ?? 0) + 1;
      const answered = answer.value?.shots?.length ?? 0;
      tally.shots += answered;
      for (let shot = 0; shot < answered; shot += 1) tally.shotLatencies.push(latency);
    }
    // The next flush is due on the player's own clock; a late answer makes it come at once.
    const wait = started + tick * flushEveryMs - performance.now();
    if (wait > 0) await sleep(wait);
  }
};

const emptyTally = (): Tally => ({ shotLatencies: [], batchLatencies: [], shots: 0, batches: 0, failed: {} });

const players: Player[] = [];
for (const token of tokens) {
  const answer = await postJson('/wps/fishing/sessions', token, { room: 'deep' });
  const sessionId = answer.value?.sessionId;
  if (!sessionId) throw new Error('no fishing session opened');
  players.push({ token, sessionId });
}
// A warm-up second, not counted: each player's first batch creates their seed pair and allowance.
const warmUp = emptyTally();
await Promise.all(
  players.map((player, index) => play(player, performance.now() + 1_000, index % 50, warmUp)),
);
const tally = emptyTally();
// The bench reads the server's CPU from here on.
console.log('measuring');
const cpuBefore = process.cpuUsage();
const started = performance.now();
const until = started + seconds * 1_000;
// Players start spread over one flush interval, as real ones would.
await Promise.all(
  players.map((player, index) =>
    play(player, until, Math.floor((index * flushEveryMs) / players.length), tally),
  ),
);
const cpu = process.cpuUsage(cpuBefore);
agent.destroy();
const result: PlayersResult = {
  ...tally,
  elapsedSeconds: (performance.now() - started) / 1_000,
  cpuMs: (cpu.user + cpu.system) / 1_000,
};
console.log(JSON.stringify(result));
