import { useQuery } from '@tanstack/react-query';
import type { CrashVerification } from '@wps/contracts/crash';
import { crashPointFromBits, first52BitsOf, formatMultiplier } from '@wps/contracts/crash-rules';

/** What the browser recomputes of a round on its own, trusting nothing but the revealed values. */
export type BrowserCheck = { linksToPrevious: boolean; digest: string; crashPoint: string };

const bytesOf = (hex: string): Uint8Array<ArrayBuffer> => {
  const bytes = new Uint8Array(new ArrayBuffer(hex.length / 2));
  for (let index = 0; index < bytes.length; index += 1) {
    bytes[index] = Number.parseInt(hex.slice(index * 2, index * 2 + 2), 16);
  }
  return bytes;
};

const hexOf = (buffer: ArrayBuffer): string =>
  Array.from(new Uint8Array(buffer), (byte) => byte.toString(16).padStart(2, '0')).join('');

/**
 * The crash game's proof checked with the browser's own Web Crypto: SHA-256 of the round hash must be the
 * previous round's hash (or the chain's commitment), and HMAC-SHA256(salt, hash) gives the crash point by
 * the published formula. Null where Web Crypto is missing (an insecure origin).
 */
export const checkCrashRound = async (proof: {
  hash: string;
  previousHash: string;
  salt: string;
  houseEdgeBasisPoints: number;
}): Promise<BrowserCheck | null> => {
  if (!/^[0-9a-f]{64}$/.test(proof.hash) || typeof crypto === 'undefined' || !('subtle' in crypto)) {
    return null;
  }
  const hashBytes = bytesOf(proof.hash);
  const next = hexOf(await crypto.subtle.digest('SHA-256', hashBytes));
  const key = await crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(proof.salt),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const digest = hexOf(await crypto.subtle.sign('HMAC', key, hashBytes));
  return {
    linksToPrevious: next === proof.previousHash,
    digest,
    crashPoint: formatMultiplier(crashPointFromBits(first52BitsOf(digest), proof.houseEdgeBasisPoints)),
  };
};

/** The proof recomputed by this browser, once per round hash. */
export const useCrashBrowserCheck = (verification: CrashVerification | undefined) =>
  useQuery({
    queryKey: ['house-games', 'crash', 'browser-check', verification?.hash ?? ''],
    queryFn: () =>
      verification
        ? checkCrashRound({
            hash: verification.hash,
            previousHash: verification.previousHash,
            salt: verification.chain.salt,
            houseEdgeBasisPoints: verification.chain.houseEdgeBasisPoints,
          })
        : null,
    enabled: verification !== undefined,
    staleTime: Infinity,
  }).data ?? null;
