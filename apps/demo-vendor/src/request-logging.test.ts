import { describe, expect, it } from 'vitest';
import { buildDemoVendor } from './demo-vendor';
import { vendorPrivateKeyPem } from './fake-platform.test-helpers';

type LogLine = { level: number; msg: string };

/** The vendor built as its process builds it, logging at info into an array. */
const vendorLoggingAt = (quietRequestLog: boolean) => {
  const lines: LogLine[] = [];
  const { app } = buildDemoVendor({
    platformUrl: 'http://127.0.0.1:9',
    privateKeyPem: vendorPrivateKeyPem,
    logger: { level: 'info', stream: { write: (line) => lines.push(JSON.parse(line) as LogLine) } },
    quietRequestLog,
  });
  return { app, lines };
};

const requestLines = (lines: readonly LogLine[]) =>
  lines.filter((line) => ['incoming request', 'request completed'].includes(line.msg));

/** In development (the platform's `npm start`) the vendor's request lines are at debug, as the platform's. */
describe("the demo vendor's request log", () => {
  it('writes no info-level line per request when quiet, and the usual ones otherwise', async () => {
    const quiet = vendorLoggingAt(true);
    await quiet.app.inject({ url: '/' });
    expect(requestLines(quiet.lines)).toEqual([]);
    await quiet.app.close();

    const usual = vendorLoggingAt(false);
    await usual.app.inject({ url: '/' });
    expect(requestLines(usual.lines).map((line) => line.msg)).toEqual([
      'incoming request',
      'request completed',
    ]);
    await usual.app.close();
  });
});
