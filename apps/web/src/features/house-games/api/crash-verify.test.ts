import { describe, expect, it } from 'vitest';
import { checkCrashRound } from './crash-verify';

/** The server's worked example (crash-chain.test.ts), recomputed with the browser's Web Crypto. */
describe('checkCrashRound', () => {
  const hash = 'fbf0dd35be00beb05878b9d8938d7b95d4aa7621ef1a63570ab88c28d07896ea';

  it('recomputes the crash point and the link to the previous hash', async () => {
    const next = Array.from(
      new Uint8Array(await crypto.subtle.digest('SHA-256', Uint8Array.from(Buffer.from(hash, 'hex')))),
      (byte) => byte.toString(16).padStart(2, '0'),
    ).join('');
    const check = await checkCrashRound({
      hash,
      previousHash: next,
      salt: 'wps-crash-v1',
      houseEdgeBasisPoints: 100,
    });
    expect(check).toEqual({
      linksToPrevious: true,
      digest: 'b06c1d6c1219a10d37dc0879e85bd7c95568deecfc3407cf7a390b49d86a37db',
      crashPoint: '3.18',
    });
  });

  it('reports a hash that does not lead to the previous one', async () => {
    const check = await checkCrashRound({
      hash,
      previousHash: '0'.repeat(64),
      salt: 'wps-crash-v1',
      houseEdgeBasisPoints: 100,
    });
    expect(check?.linksToPrevious).toBe(false);
  });
});
