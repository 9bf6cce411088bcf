import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';

/**
 * The vendor's side of the vendor-wallet bench, in a process of its own (a real vendor is another machine): sends
 * signed bet callbacks read from a JSON file, each body once, and prints the figures as one JSON line.
 * Arguments: url, path, connections, duration in seconds (0: send every body once), bodies file, and optionally a
 * fixed rate (requests per second over all connections; unset: as fast as the server answers).
 */
export type LoadResult = {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  refused: number;
  sent: number;
};

const [
  url = '',
  path = '',
  connectionsArgument = '16',
  durationArgument = '0',
  file = '',
  rateArgument = '',
] = process.argv.slice(2);
const bodies = JSON.parse(readFileSync(file, 'utf8')) as Array<{ body: string; signature: string }>;
const duration = Number(durationArgument);
let next = 0;
let refused = 0;
const result = await autocannon({
  url,
  connections: Number(connectionsArgument),
  ...(duration > 0 ? { duration } : { amount: bodies.length }),
  ...(rateArgument ? { overallRate: Number(rateArgument) } : {}),
  requests: [
    {
      method: 'POST',
      path,
      setupRequest: (request) => {
        const entry = bodies[next % bodies.length];
        next += 1;
        return {
          ...request,
          body: entry?.body ?? '',
          headers: { 'content-type': 'application/json', 'x-hub88-signature': entry?.signature ?? '' },
        };
      },
      onResponse: (_status, body) => {
        if (!body.includes('"status":"RS_OK"')) refused += 1;
      },
    },
  ],
});
const answer: LoadResult = {
  requestsPerSecond: Math.round(result.requests.average),
  p50: result.latency.p50,
  p99: result.latency.p99,
  errors: result.errors + result.non2xx,
  refused,
  sent: next,
};
process.stdout.write(`${JSON.stringify(answer)}\n`);
