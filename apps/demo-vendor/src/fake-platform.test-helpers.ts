import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { generateKeyPairSync, type KeyObject, sign, verify } from 'node:crypto';
import {
  parseProtocolJson,
  stringifyProtocolJson,
  type VendorWalletAnswer,
  type VendorWalletStatus,
} from '@wps/contracts/vendor-wallet';

/**
 * A stand-in for the platform's wallet API in the vendor's unit tests: it records every call (raw body,
 * signature, whether the signature verifies with the vendor's public key) and answers with a signed protocol
 * answer. `script` decides the answers: a status, an HTTP failure, a dropped connection, or an answer signed
 * with the wrong key.
 */

export type RecordedCall = {
  method: string;
  vendorCode: string;
  raw: string;
  body: Record<string, unknown>;
  signature: string | undefined;
  isSignedByVendor: boolean;
};

export type Reaction =
  | { status: VendorWalletStatus; balance?: bigint; currency?: string }
  | { httpStatus: number }
  | { drop: true }
  | { forged: true }
  | { unsigned: true };

export const vendorKeys = generateKeyPairSync('rsa', { modulusLength: 2048 });
export const vendorPrivateKeyPem = vendorKeys.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();

const platformKeys = generateKeyPairSync('rsa', { modulusLength: 2048 });
const otherKeys = generateKeyPairSync('rsa', { modulusLength: 2048 });

const signWith = (bytes: Buffer, key: KeyObject) => sign('sha256', bytes, key).toString('base64');

const readBody = (request: IncomingMessage): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      resolve(Buffer.concat(chunks));
    });
    request.on('error', reject);
  });

export const startFakePlatform = async ({ balance = 100_000_000n, currency = 'USD' } = {}) => {
  const calls: RecordedCall[] = [];
  /** Per method, reactions used in turn; when none is left, the default (RS_OK with the running balance). */
  const script = new Map<string, Reaction[]>();
  const state = { balance, currency };

  const defaultAnswer = (method: string, body: Record<string, unknown>): Reaction => {
    const amount = typeof body.amount === 'bigint' ? body.amount : 0n;
    if (method === 'transaction/bet') {
      if (amount > state.balance) return { status: 'RS_ERROR_NOT_ENOUGH_MONEY' };
      state.balance -= amount;
    }
    if (method === 'transaction/win') state.balance += amount;
    return { status: 'RS_OK' };
  };

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const url = request.url ?? '';
    if (request.method === 'GET' && url === '/wps/vendor-wallet/public-key') {
      response.writeHead(200, { 'content-type': 'application/x-pem-file' });
      response.end(platformKeys.publicKey.export({ type: 'spki', format: 'pem' }));
      return;
    }
    const match = /^\/wps\/vendor-wallet\/([A-Z0-9_]+)\/(.+)$/.exec(url);
    const rawBytes = await readBody(request);
    if (!match?.[1] || !match[2]) {
      response.writeHead(404).end();
      return;
    }
    const [, vendorCode, method] = match;
    const raw = rawBytes.toString('utf8');
    const body = parseProtocolJson(raw) as Record<string, unknown>;
    const signatureHeader = request.headers['x-hub88-signature'];
    const signature = typeof signatureHeader === 'string' ? signatureHeader : undefined;
    calls.push({
      method,
      vendorCode,
      raw,
      body,
      signature,
      isSignedByVendor:
        signature !== undefined &&
        verify('sha256', rawBytes, vendorKeys.publicKey, Buffer.from(signature, 'base64')),
    });
    const reaction = script.get(method)?.shift() ?? defaultAnswer(method, body);
    if ('drop' in reaction) {
      request.socket.destroy();
      return;
    }
    if ('httpStatus' in reaction) {
      response.writeHead(reaction.httpStatus, { 'content-type': 'text/plain' }).end('down');
      return;
    }
    const status = 'status' in reaction ? reaction.status : 'RS_OK';
    const answer: VendorWalletAnswer = {
      user: typeof body.user === 'string' ? body.user : '',
      status,
      request_uuid: typeof body.request_uuid === 'string' ? body.request_uuid : '',
      currency:
        'currency' in reaction && reaction.currency !== undefined ? reaction.currency : state.currency,
      balance: 'balance' in reaction && reaction.balance !== undefined ? reaction.balance : state.balance,
    };
    const bytes = Buffer.from(stringifyProtocolJson(answer), 'utf8');
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (!('unsigned' in reaction)) {
      headers['x-hub88-signature'] = signWith(
        bytes,
        'forged' in reaction ? otherKeys.privateKey : platformKeys.privateKey,
      );
    }
    response.writeHead(200, headers).end(bytes);
  };

  const server: Server = createServer((request, response) => {
    handle(request, response).catch(() => {
      response.writeHead(500).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    calls,
    state,
    /** Queues reactions for a method, used before the default answer. */
    react: (method: string, ...reactions: Reaction[]) => {
      script.set(method, [...(script.get(method) ?? []), ...reactions]);
    },
    callsOf: (method: string) => calls.filter((call) => call.method === method),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          resolve();
        });
      }),
  };
};

export type FakePlatform = Awaited<ReturnType<typeof startFakePlatform>>;
