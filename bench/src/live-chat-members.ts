import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { createInterface } from 'node:readline';

/**
 * The members' side of the live chat bench, in a process of their own (members are browsers on other machines):
 * opens one member event stream (`/wps/member/events`) per session token and records when each `chat` signal
 * arrives (epoch ms, per member in order). Arguments: url, tokens file (a JSON array of session tokens). Prints
 * `ready <open> <failed>` once every stream answered, then, on the line `stop` on its input, one JSON line
 * (`MembersResult`) and exits.
 */
export type MembersResult = { arrivals: number[][]; dropped: number; cpuMs: number };

const [url = '', file = ''] = process.argv.slice(2);
const tokens = JSON.parse(readFileSync(file, 'utf8')) as string[];
const marker = 'event: chat\n';

const arrivals: number[][] = tokens.map(() => []);
let dropped = 0;
let answered = 0;
let open = 0;

const report = () => {
  answered += 1;
  if (answered === tokens.length) console.log(`ready ${String(open)} ${String(tokens.length - open)}`);
};

tokens.forEach((token, index) => {
  const outgoing = httpRequest(
    `${url}/wps/member/events`,
    { agent: false, headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' } },
    (incoming) => {
      if (incoming.statusCode === 200) open += 1;
      report();
      let tail = '';
      incoming.setEncoding('utf8');
      incoming.on('data', (chunk: string) => {
        const now = Date.now();
        const text = tail + chunk;
        let position = text.indexOf(marker);
        let consumed = 0;
        while (position !== -1) {
          arrivals[index]?.push(now);
          consumed = position + marker.length;
          position = text.indexOf(marker, consumed);
        }
        tail = text.slice(Math.max(consumed, text.length - marker.length));
      });
      incoming.on('close', () => {
        dropped += 1;
      });
    },
  );
  outgoing.on('error', () => {
    report();
  });
  outgoing.end();
});

for await (const line of createInterface({ input: process.stdin })) {
  if (line !== 'stop') continue;
  const cpu = process.cpuUsage();
  const result: MembersResult = {
    arrivals,
    dropped,
    cpuMs: Math.round((cpu.user + cpu.system) / 1_000),
  };
  process.stdout.write(`${JSON.stringify(result)}\n`, () => process.exit(0));
}
