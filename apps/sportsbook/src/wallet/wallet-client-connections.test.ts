import { generateKeyPairSync, sign } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseProtocolJson, stringifyProtocolJson } from '@wps/contracts/vendor-wallet';
import { createWalletClient } from '@wps/vendor-wallet-client/wallet-client';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

/**
 * The sportsbook's wallet client keeps its connections to the platform open between calls (every slip is a
 * signed call; a connection each would cost more than the call): a platform that answers every call, counting
 * the connections it was sent them on.
 */

const platformKeys = generateKeyPairSync('rsa', { modulusLength: 2048 });
const bookKeys = generateKeyPairSync('rsa', { modulusLength: 2048 });

const readBody = (request: IncomingMessage): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      resolve(Buffer.concat(chunks));
    });
    request.on('error', reject);
  });

let server: Server;
let url = '';
let connections = 0;
/** Calls the platform takes without ever answering. */
let silentCalls = 0;

beforeAll(async () => {
  server = createServer((request, response) => {
    if (request.url === '/wps/vendor-wallet/public-key') {
      response.end(platformKeys.publicKey.export({ type: 'spki', format: 'pem' }));
      return;
    }
    void readBody(request).then((raw) => {
      if (silentCalls > 0) {
        silentCalls -= 1;
        return;
      }
      const body = parseProtocolJson(raw.toString('utf8')) as Record<string, unknown>;
      const bytes = Buffer.from(
        stringifyProtocolJson({
          user: String(body.user),
          status: 'RS_OK',
          request_uuid: String(body.request_uuid),
          currency: 'USD',
          balance: 100_000n,
        }),
      );
      response
        .writeHead(200, {
          'content-type': 'application/json',
          'x-hub88-signature': sign('sha256', bytes, platformKeys.privateKey).toString('base64'),
        })
        .end(bytes);
    });
  });
  server.on('connection', () => {
    connections += 1;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
});

afterAll(
  () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => {
        resolve();
      });
    }),
);

beforeEach(() => {
  server.closeAllConnections();
  connections = 0;
  silentCalls = 0;
});

const newClient = (attemptTimeoutMs?: number) =>
  createWalletClient({
    platformUrl: url,
    privateKey: bookKeys.privateKey,
    ...(attemptTimeoutMs === undefined ? {} : { attemptTimeoutMs }),
  });

const balanceCall = (client: ReturnType<typeof newClient>, user: string) =>
  client.prepare('SB', 'user/balance', { user, token: 'token', game_code: 'sportsbook' });

describe("the wallet client's connections", () => {
  it('sends calls made one after another over one connection, the public key read included', async () => {
    const client = newClient();
    for (let index = 0; index < 10; index += 1) {
      const result = await client.send(await balanceCall(client, String(index)));
      expect(result).toMatchObject({ kind: 'answer', answer: { status: 'RS_OK', user: String(index) } });
    }
    expect(connections).toBe(1);
  });

  it('reuses the connections of calls made at once for the calls after them', async () => {
    const client = newClient();
    const calls = await Promise.all(
      Array.from({ length: 8 }, (_, index) => balanceCall(client, String(index))),
    );
    for (let round = 0; round < 3; round += 1) {
      const results = await Promise.all(calls.map((call) => client.send(call)));
      expect(results.every((result) => result.kind === 'answer')).toBe(true);
    }
    expect(connections).toBeLessThanOrEqual(9);
  });

  it('opens a new connection when the platform closed the idle one', async () => {
    const client = newClient();
    expect((await client.send(await balanceCall(client, '1'))).kind).toBe('answer');
    server.closeIdleConnections();
    await new Promise((resolve) => setTimeout(resolve, 20));
    const result = await client.sendWithRetries(await balanceCall(client, '2'), [10]);
    expect(result).toMatchObject({ kind: 'answer', answer: { status: 'RS_OK' } });
    expect(connections).toBe(2);
  });

  it('gives up a call the platform does not answer in time as no answer, and goes on with the next', async () => {
    const client = newClient(100);
    expect((await client.send(await balanceCall(client, '1'))).kind).toBe('answer');
    silentCalls = 1;
    const result = await client.send(await balanceCall(client, '2'));
    expect(result.kind === 'no-answer' ? result.reason : result.kind).toMatch(/no answer within 100 ms/);
    expect((await client.send(await balanceCall(client, '3'))).kind).toBe('answer');
  });
});
