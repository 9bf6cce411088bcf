import { createPublicKey, type KeyObject, randomUUID, sign, verify } from 'node:crypto';
import {
  finalVendorWalletStatuses,
  parseProtocolJson,
  stringifyProtocolJson,
  type VendorWalletAnswer,
  vendorWalletAnswerSchema,
  vendorWalletBasePath,
  type VendorWalletMethod,
  vendorWalletPublicKeyPath,
  vendorWalletSignatureHeader,
} from '@wps/contracts/vendor-wallet';
import type { FastifyBaseLogger } from 'fastify';
import { type FetchFunction, fetchTransport, type HttpTransport, keepAliveTransport } from './http-transport';

/**
 * The vendor's side of the Hub88 Operator Wallet API: a call is prepared once (its JSON text, a fresh
 * `request_uuid` and the RSA-SHA256 signature of exactly those bytes) and then sent as many times as it takes,
 * always byte for byte the same, as vendors retry. An answer counts only when it is HTTP 200, carries the
 * platform's valid signature over the bytes received, parses as a protocol answer and echoes our
 * `request_uuid`; anything else (a timeout, a network error, a 5xx, a forged or garbled answer) is no answer.
 */

export type { FetchFunction } from './http-transport';

/** A call ready to go: the same text and signature on every attempt. */
export type PreparedCall = {
  vendorCode: string;
  method: VendorWalletMethod;
  requestUuid: string;
  body: string;
  signature: string;
};

export type AttemptResult =
  { kind: 'answer'; answer: VendorWalletAnswer; isFinal: boolean } | { kind: 'no-answer'; reason: string };

export type WalletClientOptions = {
  /** The platform's base URL, e.g. http://localhost:8080. */
  platformUrl: string;
  privateKey: KeyObject;
  /** Sends over this instead of node:http with keep-alive connections (tests that fail or stall the network). */
  fetch?: FetchFunction;
  /** One attempt, answer read included, gives up after this long. */
  attemptTimeoutMs?: number;
  log?: FastifyBaseLogger;
};

const finalStatuses = new Set<string>(finalVendorWalletStatuses);
/** A key that stopped verifying is fetched again, at most this often. */
const keyRefreshIntervalMs = 10_000;

const wait = (ms: number): Promise<void> =>
  new Promise((resolve) => {
    setTimeout(resolve, ms);
  });

const signText = (text: string, key: KeyObject): Promise<string> =>
  new Promise((resolve, reject) => {
    sign('sha256', Buffer.from(text, 'utf8'), key, (error, signature) => {
      if (error) reject(error);
      else resolve(signature.toString('base64'));
    });
  });

const verifyBytes = (bytes: Buffer, signature: string, key: KeyObject): Promise<boolean> =>
  new Promise((resolve) => {
    verify('sha256', bytes, key, Buffer.from(signature, 'base64'), (error, isValid) => {
      resolve(error === null && isValid);
    });
  });

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

export const createWalletClient = ({
  platformUrl,
  privateKey,
  fetch: fetchFunction,
  attemptTimeoutMs = 5_000,
  log,
}: WalletClientOptions) => {
  const base = platformUrl.replace(/\/+$/, '');
  const transport: HttpTransport = fetchFunction ? fetchTransport(fetchFunction) : keepAliveTransport();
  let platformKey: Promise<KeyObject> | undefined;
  let platformKeyFetchedAt = 0;

  /** The platform's published key (GET /wps/vendor-wallet/public-key), fetched on first need. */
  const loadPlatformKey = (): Promise<KeyObject> => {
    platformKeyFetchedAt = Date.now();
    const loading = (async () => {
      const response = await transport({
        method: 'GET',
        url: `${base}${vendorWalletPublicKeyPath}`,
        timeoutMs: attemptTimeoutMs,
      });
      if (response.status < 200 || response.status > 299)
        throw new Error(`the platform's public key answered HTTP ${String(response.status)}`);
      const key = createPublicKey(response.bytes.toString('utf8'));
      if (key.asymmetricKeyType !== 'rsa') throw new Error("the platform's public key is not an RSA key");
      return key;
    })();
    platformKey = loading;
    loading.catch(() => {
      if (platformKey === loading) platformKey = undefined;
    });
    return loading;
  };

  const isSignedByPlatform = async (bytes: Buffer, signature: string | null): Promise<boolean> => {
    if (signature === null || signature.trim() === '') return false;
    const key = await (platformKey ?? loadPlatformKey());
    if (await verifyBytes(bytes, signature.trim(), key)) return true;
    // The platform may have rotated its key: read it again (not on every bad answer) and check once more.
    if (Date.now() - platformKeyFetchedAt < keyRefreshIntervalMs) return false;
    return verifyBytes(bytes, signature.trim(), await loadPlatformKey());
  };

  /** Signs a call once; `fields` get a fresh `request_uuid` unless they carry one. */
  const prepare = async (
    vendorCode: string,
    method: VendorWalletMethod,
    fields: Record<string, unknown>,
  ): Promise<PreparedCall> => {
    const requestUuid = typeof fields.request_uuid === 'string' ? fields.request_uuid : randomUUID();
    const body = stringifyProtocolJson({ ...fields, request_uuid: requestUuid });
    return { vendorCode, method, requestUuid, body, signature: await signText(body, privateKey) };
  };

  /** Signs a body written earlier (a vendor that keeps its calls in its own store, to resend them after a restart). */
  const prepareText = async (
    vendorCode: string,
    method: VendorWalletMethod,
    requestUuid: string,
    body: string,
  ): Promise<PreparedCall> => ({
    vendorCode,
    method,
    requestUuid,
    body,
    signature: await signText(body, privateKey),
  });

  /** One attempt. Never throws: whatever goes wrong is "no answer". */
  const send = async (call: PreparedCall): Promise<AttemptResult> => {
    const url = `${base}${vendorWalletBasePath(call.vendorCode)}/${call.method}`;
    let status: number;
    let bytes: Buffer;
    let signature: string | null;
    try {
      const response = await transport({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json', [vendorWalletSignatureHeader]: call.signature },
        body: call.body,
        timeoutMs: attemptTimeoutMs,
      });
      status = response.status;
      signature = response.header(vendorWalletSignatureHeader);
      bytes = response.bytes;
    } catch (error) {
      return { kind: 'no-answer', reason: messageOf(error) };
    }
    if (status !== 200) return { kind: 'no-answer', reason: `HTTP ${status}` };
    try {
      if (!(await isSignedByPlatform(bytes, signature))) {
        return { kind: 'no-answer', reason: 'the answer is not signed by the platform' };
      }
    } catch (error) {
      return { kind: 'no-answer', reason: `the platform's key is unavailable: ${messageOf(error)}` };
    }
    let answer: VendorWalletAnswer;
    try {
      answer = vendorWalletAnswerSchema.parse(parseProtocolJson(bytes.toString('utf8')));
    } catch {
      return { kind: 'no-answer', reason: 'the answer is not a protocol answer' };
    }
    if (answer.request_uuid !== call.requestUuid) {
      return { kind: 'no-answer', reason: 'the answer is for another request' };
    }
    return { kind: 'answer', answer, isFinal: finalStatuses.has(answer.status) };
  };

  /**
   * Sends the call, then again after each of `retryDelaysMs` while there is no final answer. Answers the
   * final answer, or the last attempt's result when none came.
   */
  const sendWithRetries = async (
    call: PreparedCall,
    retryDelaysMs: readonly number[],
  ): Promise<AttemptResult> => {
    let result = await send(call);
    for (const delay of retryDelaysMs) {
      if (result.kind === 'answer' && result.isFinal) return result;
      log?.warn(
        { method: call.method, requestUuid: call.requestUuid, result: describeAttempt(result) },
        'wallet call without a final answer; retrying',
      );
      await wait(delay);
      result = await send(call);
    }
    return result;
  };

  return { prepare, prepareText, send, sendWithRetries };
};

/** For logs: the status of an answer, or why there was none. */
export const describeAttempt = (result: AttemptResult): string =>
  result.kind === 'answer' ? result.answer.status : `no answer (${result.reason})`;

export type WalletClient = ReturnType<typeof createWalletClient>;
