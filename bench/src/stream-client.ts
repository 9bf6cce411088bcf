import http from 'node:http';
import net from 'node:net';

/**
 * The pages' side of the stream benches, in a process of its own (browsers are other machines): opens `pages`
 * event streams, then, told a window of server time, records for each frame stamped in it (`at`, epoch ms, the
 * first field of its data) how long after that it arrived, and how many such frames each page got. Arguments:
 * url, pages, first page number, kind: `sportsbook` (demo launches and their odds streams, every tenth on a live
 * match's page, which also gets all its markets) or `tables` (the house tables' streams, pages spread over the
 * tables).
 */
export type PageCount = { page: string; frames: number; isOpen: boolean };
export type ClientMessage =
  | { type: 'ready'; open: number; failed: number }
  | { type: 'result'; delays: Array<[number, number]>; pages: PageCount[]; cpuMs: number };
export type ParentMessage = { type: 'measure'; from: number; until: number; reportAt: number };

const [url = '', pagesArgument = '0', firstArgument = '0', kind = 'sportsbook'] = process.argv.slice(2);
const server = new URL(url);
const pageCount = Number(pagesArgument);
const first = Number(firstArgument);
const marker = Buffer.from('data: {"at":');
const comma = 0x2c;
const opening = 50;

const send = (message: ClientMessage, then?: () => void) =>
  process.send?.(message, undefined, undefined, then);

const agent = new http.Agent({ keepAlive: true, maxSockets: opening });
const get = (path: string): Promise<string> =>
  new Promise((resolve, reject) => {
    http
      .get(`${url}${path}`, { agent }, (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => {
          resolve(body);
        });
      })
      .on('error', reject);
  });

const launch = async (): Promise<string> => {
  const html = await get('/play?game=sports&vendor=BTI&currency=USD&mode=demo');
  const session = /name="sportsbook-session" content="([^"]+)"/.exec(html)?.[1];
  if (!session) throw new Error('no session in the launch page');
  return session;
};

let window = { from: Infinity, until: Infinity };
const delays = new Map<number, number>();
type Page = PageCount & { tail: Buffer };
const pages: Page[] = [];

/** Where a marker cut by the data's end begins (its end if none), so only that much waits for the next chunk. */
const partialMarkerAt = (data: Buffer, from: number): number => {
  for (let start = Math.max(from, data.length - marker.length + 1); start < data.length; start += 1) {
    if (data.subarray(start).equals(marker.subarray(0, data.length - start))) return start;
  }
  return data.length;
};

/** Reads the stamps of the frames in a chunk (a frame cut by the chunk's end is read with the next one). */
const receive = (page: Page, chunk: Buffer) => {
  const now = Date.now();
  const data = page.tail.length === 0 ? chunk : Buffer.concat([page.tail, chunk]);
  let position = 0;
  for (;;) {
    const start = data.indexOf(marker, position);
    if (start === -1) {
      position = partialMarkerAt(data, position);
      break;
    }
    const end = data.indexOf(comma, start + marker.length);
    if (end === -1) {
      position = start;
      break;
    }
    const at = Number(data.toString('latin1', start + marker.length, end));
    if (at >= window.from && at < window.until) {
      page.frames += 1;
      delays.set(now - at, (delays.get(now - at) ?? 0) + 1);
    }
    position = end;
  }
  page.tail = data.subarray(position);
};

/** A page's stream over a bare socket: the frames are found in the bytes, so no HTTP parser costs the client. */
const openStream = (path: string, name: string): Promise<void> =>
  new Promise((resolve, reject) => {
    const page: Page = { page: name, frames: 0, isOpen: true, tail: Buffer.alloc(0) };
    const socket = net.connect({ host: server.hostname, port: Number(server.port) }, () => {
      socket.write(`GET ${path} HTTP/1.1\r\nhost: ${server.host}\r\naccept: text/event-stream\r\n\r\n`);
    });
    socket.once('error', reject);
    socket.on('close', () => (page.isOpen = false));
    let isAnswered = false;
    socket.on('data', (chunk: Buffer) => {
      if (!isAnswered) {
        isAnswered = true;
        if (chunk.toString('latin1', 0, 12) !== 'HTTP/1.1 200') {
          socket.destroy();
          reject(new Error(`stream answered ${chunk.toString('latin1', 0, 12)}`));
          return;
        }
        pages.push(page);
        resolve();
      }
      receive(page, chunk);
    });
  });

/** The sportsbook's page `number`: a demo launch's odds stream, every tenth on a live match. */
const sportsbookPage = async (): Promise<(number: number) => Promise<void>> => {
  const live = JSON.parse(
    await get(`/api/fixtures?status=live&session=${encodeURIComponent(await launch())}`),
  ) as { fixtures: Array<{ id: string }> };
  return async (number) => {
    const fixture = number % 10 === 9 ? live.fixtures[number % live.fixtures.length]?.id : undefined;
    const query = `session=${encodeURIComponent(await launch())}${fixture ? `&fixture=${encodeURIComponent(fixture)}` : ''}`;
    await openStream(`/api/stream?${query}`, fixture ?? 'list');
  };
};

/** The tables' page `number`: the stream of table `number` mod the tables' count (no sign-in needed). */
const tablesPage = async (): Promise<(number: number) => Promise<void>> => {
  const list = JSON.parse(await get('/wps/tables')) as { value: { tables: Array<{ tableId: string }> } };
  const codes = list.value.tables.map((table) => table.tableId);
  return async (number) => {
    const code = codes[number % codes.length] ?? '';
    await openStream(`/wps/tables/${encodeURIComponent(code)}/events`, code);
  };
};

const openPage = await (kind === 'tables' ? tablesPage() : sportsbookPage());
let next = 0;
let failed = 0;
await Promise.all(
  Array.from({ length: opening }, async () => {
    for (let index = next++; index < pageCount; index = next++) {
      await openPage(first + index).catch(() => (failed += 1));
    }
  }),
);
agent.destroy();
send({ type: 'ready', open: pages.length, failed });

process.on('message', (message: ParentMessage) => {
  window = { from: message.from, until: message.until };
  const started = process.cpuUsage();
  setTimeout(() => {
    const cpu = process.cpuUsage(started);
    send(
      {
        type: 'result',
        delays: [...delays],
        pages: pages.map(({ page, frames, isOpen }) => ({ page, frames, isOpen })),
        cpuMs: (cpu.user + cpu.system) / 1000,
      },
      () => {
        process.exit(0);
      },
    );
  }, message.reportAt - Date.now());
});
