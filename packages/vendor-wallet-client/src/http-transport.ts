import http from 'node:http';
import https from 'node:https';

/**
 * How the wallet client reaches the platform: one HTTP exchange, its answer read whole. By default over
 * node:http with keep-alive connections (a vendor sends its calls to one platform, over and over: a connection
 * per call, or the fetch API's streams and signals, cost more than the call's own work); over a `fetch` function
 * when one is given (tests that fail or stall the network).
 */

export type FetchFunction = typeof fetch;

export type HttpExchange = {
  method: 'GET' | 'POST';
  url: string;
  headers?: Record<string, string>;
  body?: string;
  /** The exchange, answer read included, gives up after this long. */
  timeoutMs: number;
};

export type HttpAnswer = {
  status: number;
  /** A response header (any case), or null. */
  header: (name: string) => string | null;
  bytes: Buffer;
};

export type HttpTransport = (exchange: HttpExchange) => Promise<HttpAnswer>;

export const fetchTransport =
  (fetchFunction: FetchFunction): HttpTransport =>
  async ({ method, url, headers, body, timeoutMs }) => {
    const response = await fetchFunction(url, {
      method,
      ...(headers ? { headers } : {}),
      ...(body === undefined ? {} : { body }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const bytes = Buffer.from(await response.arrayBuffer());
    return { status: response.status, header: (name) => response.headers.get(name), bytes };
  };

const headerValue = (value: string | string[] | undefined): string | null =>
  value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;

/**
 * node:http(s) with a keep-alive agent per client: idle connections are reused (and never keep the process
 * alive). A connection the platform closed while idle fails the exchange as no answer, which the caller's
 * retries cover (a call is resent byte for byte; the platform processes its transaction once).
 */
export const keepAliveTransport = ({ maxSockets = 64 }: { maxSockets?: number } = {}): HttpTransport => {
  const agents = {
    http: new http.Agent({ keepAlive: true, maxSockets }),
    https: new https.Agent({ keepAlive: true, maxSockets }),
  };
  return ({ method, url, headers = {}, body, timeoutMs }) =>
    new Promise<HttpAnswer>((resolve, reject) => {
      const target = new URL(url);
      const isHttps = target.protocol === 'https:';
      const payload = body === undefined ? undefined : Buffer.from(body, 'utf8');
      const fail = (error: Error) => {
        clearTimeout(timer);
        reject(error);
      };
      const request = (isHttps ? https : http).request(
        target,
        {
          method,
          agent: isHttps ? agents.https : agents.http,
          headers: payload ? { ...headers, 'content-length': String(payload.length) } : headers,
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('error', fail);
          response.on('close', () => {
            if (!response.complete) fail(new Error('the answer was cut off'));
          });
          response.on('end', () => {
            clearTimeout(timer);
            resolve({
              status: response.statusCode ?? 0,
              header: (name) => headerValue(response.headers[name.toLowerCase()]),
              bytes: Buffer.concat(chunks),
            });
          });
        },
      );
      const timer = setTimeout(() => {
        request.destroy(new Error(`no answer within ${String(timeoutMs)} ms`));
      }, timeoutMs);
      timer.unref();
      request.on('error', fail);
      request.end(payload);
    });
};
