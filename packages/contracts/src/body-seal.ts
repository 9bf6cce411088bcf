/**
 * Request bodies the spec marks "encrypt" (login, registration, password changes) travel as a hybrid
 * envelope: a fresh AES-256-GCM key seals the JSON, and the server's RSA-OAEP (SHA-256) public key wraps that
 * AES key. Only the server holds the private key, so the password does not sit readable in proxies, browser
 * extensions' request logs or TLS-terminating middleboxes. Web Crypto only, so the same module runs in the
 * browser and in Node.
 *
 * This is the sealing half, free of zod so the site's first load need not carry it; body-cipher.ts adds the
 * schemas the server reads sealed bodies with.
 */
export const bodyCipherAlgorithm = 'RSA-OAEP-256+A256GCM';

/** A sealed request body; every field is base64 (body-cipher.ts bounds them when it reads one). */
export type SealedBody = {
  encrypted: { keyId: string; key: string; iv: string; data: string };
};

const ivLength = 12;
const rsaAlgorithm = { name: 'RSA-OAEP', hash: 'SHA-256' } as const;
/** String.fromCharCode takes its bytes as arguments; larger spreads overflow the call stack. */
const base64ChunkLength = 0x8000;

const toBase64 = (bytes: Uint8Array): string => {
  let binary = '';
  for (let start = 0; start < bytes.length; start += base64ChunkLength) {
    binary += String.fromCharCode(...bytes.subarray(start, start + base64ChunkLength));
  }
  return btoa(binary);
};

const fromBase64 = (text: string): Uint8Array<ArrayBuffer> =>
  Uint8Array.from(atob(text), (char) => char.charCodeAt(0));

/** Seals `payload` for the holder of `publicKey`; every call uses a fresh AES key and nonce. */
export const encryptRequestBody = async (
  publicKey: { keyId: string; publicKey: string },
  payload: unknown,
): Promise<SealedBody> => {
  // The lib types say string, but undefined, functions and symbols have no JSON form.
  const json = JSON.stringify(payload) as string | undefined;
  if (json === undefined) throw new TypeError('The payload has no JSON form.');
  const wrappingKey = await crypto.subtle.importKey(
    'spki',
    fromBase64(publicKey.publicKey),
    rsaAlgorithm,
    false,
    ['encrypt'],
  );
  const contentKey = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, true, ['encrypt']);
  const iv = crypto.getRandomValues(new Uint8Array(ivLength));
  const data = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv },
    contentKey,
    new TextEncoder().encode(json),
  );
  const rawContentKey = await crypto.subtle.exportKey('raw', contentKey);
  const wrappedKey = await crypto.subtle.encrypt(rsaAlgorithm, wrappingKey, rawContentKey);
  return {
    encrypted: {
      keyId: publicKey.keyId,
      key: toBase64(new Uint8Array(wrappedKey)),
      iv: toBase64(iv),
      data: toBase64(new Uint8Array(data)),
    },
  };
};
