import { z } from 'zod';
import { successEnvelope } from './envelope';

/**
 * Request bodies the spec marks "encrypt" (login, registration, password changes) travel as a hybrid
 * envelope: a fresh AES-256-GCM key seals the JSON, and the server's RSA-OAEP (SHA-256) public key wraps that
 * AES key. Only the server holds the private key, so the password does not sit readable in proxies, browser
 * extensions' request logs or TLS-terminating middleboxes. Web Crypto only, so the same module runs in the
 * browser and in Node.
 */
export const bodyCipherAlgorithm = 'RSA-OAEP-256+A256GCM';

export const encryptionKeySchema = z.object({
  keyId: z.string(),
  /** SubjectPublicKeyInfo DER, base64. */
  publicKey: z.string(),
  algorithm: z.literal(bodyCipherAlgorithm),
});
export type EncryptionKey = z.infer<typeof encryptionKeySchema>;
export const encryptionKeyResponseSchema = successEnvelope(encryptionKeySchema);

/** Every field is base64; the bounds keep a forged envelope from carrying more than a real one could. */
export const encryptedBodySchema = z.strictObject({
  encrypted: z.strictObject({
    keyId: z.string().max(64),
    /** The AES key's raw bytes, wrapped with RSA-OAEP. */
    key: z.string().max(1024),
    /** The 12-byte AES-GCM nonce. */
    iv: z.string().max(64),
    /** AES-GCM ciphertext of the payload's JSON, authentication tag included. */
    data: z.string().max(1_000_000),
  }),
});
export type EncryptedBody = z.infer<typeof encryptedBodySchema>;

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

export const isEncryptedBody = (body: unknown): body is EncryptedBody =>
  encryptedBodySchema.safeParse(body).success;

/** Seals `payload` for the holder of `publicKey`; every call uses a fresh AES key and nonce. */
export const encryptRequestBody = async (
  publicKey: { keyId: string; publicKey: string },
  payload: unknown,
): Promise<EncryptedBody> => {
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
