import type { EncryptionKey } from '@wps/contracts/body-cipher';
import { encryptRequestBody, type SealedBody } from '@wps/contracts/body-seal';

/**
 * The server's public key for the spec's "encrypt" calls, fetched once and kept for the visit. The fetch is
 * injected so this module and the API client do not import each other.
 */
let cachedKey: Promise<EncryptionKey> | null = null;

export const forgetEncryptionKey = (): void => {
  cachedKey = null;
};

const isWebCryptoAvailable = (): boolean =>
  typeof globalThis.crypto === 'object' && typeof globalThis.crypto.subtle === 'object';

/**
 * Seals `payload` with the server's key. Answers null when it cannot (no Web Crypto outside a secure
 * context, or no key to be had): the body then goes as it is, and a brand that insists on encryption
 * refuses it with ENCRYPTION_REQUIRED, which the form shows.
 */
export const sealRequestBody = async (
  payload: unknown,
  fetchKey: () => Promise<EncryptionKey>,
): Promise<SealedBody | null> => {
  if (!isWebCryptoAvailable()) return null;
  // Only a key that arrived is kept; a failed fetch is tried again on the next call.
  const keyRequest = cachedKey ?? fetchKey();
  cachedKey = keyRequest;
  try {
    return await encryptRequestBody(await keyRequest, payload);
  } catch {
    if (cachedKey === keyRequest) cachedKey = null;
    return null;
  }
};
