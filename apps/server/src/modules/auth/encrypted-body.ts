import {
  bodyCipherAlgorithm,
  type EncryptedBody,
  type EncryptionKey,
  isEncryptedBody,
} from '@wps/contracts/body-cipher';
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import secureJsonParse from 'secure-json-parse';
import type { Database } from '../../db/database';
import { AppError } from '../../http/app-error';
import { serverKeyPairs } from './encrypted-body.tables';

/**
 * The server side of the "encrypt" calls (see `@wps/contracts/body-cipher`): one RSA-OAEP key pair shared by
 * every instance through the database, and a hook that swaps an encrypted body for its plaintext before the
 * route's schema sees it.
 */
export type BodyKeyring = {
  getPublicKey: () => Promise<EncryptionKey>;
  /** The parsed JSON the client sealed; AppError DECRYPTION_FAILED when it cannot be opened. */
  decrypt: (body: EncryptedBody) => Promise<unknown>;
};

const bodyKeyPurpose = 'request-body';
/**
 * A fixed id, so instances that start together and each generate a pair collide on the primary key and all
 * read back the one that was stored first. Rotating means a new id (`request-body-2`); bodies sealed for the
 * old id still open while its row is kept.
 */
const currentBodyKeyId = 'request-body-1';
const rsaAlgorithm = { name: 'RSA-OAEP', hash: 'SHA-256' } as const;
const contentKeyLength = 32;
const ivLength = 12;

type KeyPair = { keyId: string; publicKey: string; privateKey: CryptoKey };
type KeyPairRow = typeof serverKeyPairs.$inferSelect;

const findKeyPairRow = async (db: Database, keyId: string): Promise<KeyPairRow | undefined> => {
  const [row] = await db
    .select()
    .from(serverKeyPairs)
    .where(and(eq(serverKeyPairs.keyId, keyId), eq(serverKeyPairs.purpose, bodyKeyPurpose)))
    .limit(1);
  return row;
};

const generateKeyPairRow = async (keyId: string): Promise<KeyPairRow> => {
  const pair = await crypto.subtle.generateKey(
    { ...rsaAlgorithm, modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]) },
    true,
    ['encrypt', 'decrypt'],
  );
  const publicKey = await crypto.subtle.exportKey('spki', pair.publicKey);
  const privateKey = await crypto.subtle.exportKey('pkcs8', pair.privateKey);
  return {
    keyId,
    purpose: bodyKeyPurpose,
    publicKey: Buffer.from(publicKey).toString('base64'),
    privateKey: Buffer.from(privateKey).toString('base64'),
    createdAt: new Date(),
  };
};

const importKeyPair = async (row: KeyPairRow): Promise<KeyPair> => ({
  keyId: row.keyId,
  publicKey: row.publicKey,
  privateKey: await crypto.subtle.importKey(
    'pkcs8',
    Buffer.from(row.privateKey, 'base64'),
    rsaAlgorithm,
    false,
    ['decrypt'],
  ),
});

const loadOrCreateKeyPair = async (db: Database, keyId: string): Promise<KeyPair> => {
  const existing = await findKeyPairRow(db, keyId);
  if (existing) return importKeyPair(existing);
  const generated = await generateKeyPairRow(keyId);
  await db
    .insert(serverKeyPairs)
    .values({
      keyId,
      purpose: generated.purpose,
      publicKey: generated.publicKey,
      privateKey: generated.privateKey,
    })
    .onConflictDoNothing({ target: serverKeyPairs.keyId });
  // Read back rather than use `generated`: another instance may have won the insert.
  const stored = await findKeyPairRow(db, keyId);
  if (!stored) throw new Error(`The ${bodyKeyPurpose} key pair ${keyId} was not stored.`);
  return importKeyPair(stored);
};

/** Node's base64 decoder skips characters it does not know; only the canonical form is accepted here. */
const decodeBase64 = (text: string): Buffer<ArrayBuffer> => {
  const bytes = Buffer.from(text, 'base64');
  if (bytes.toString('base64') !== text) throw new Error('not canonical base64');
  return bytes;
};

const openEnvelope = async (privateKey: CryptoKey, { key, iv, data }: EncryptedBody['encrypted']) => {
  const nonce = decodeBase64(iv);
  if (nonce.length !== ivLength) throw new Error('bad nonce length');
  const rawContentKey = await crypto.subtle.decrypt(rsaAlgorithm, privateKey, decodeBase64(key));
  // importKey would take a 16-byte key as AES-128; the scheme promises AES-256.
  if (rawContentKey.byteLength !== contentKeyLength) throw new Error('bad content key length');
  const contentKey = await crypto.subtle.importKey('raw', rawContentKey, 'AES-GCM', false, ['decrypt']);
  const plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv: nonce }, contentKey, decodeBase64(data));
  const json = new TextDecoder('utf-8', { fatal: true }).decode(plain);
  // The same prototype-poisoning guard Fastify's own JSON parser applies to plain bodies.
  const parsed: unknown = secureJsonParse(json);
  return parsed;
};

export const createBodyKeyring = (db: Database): BodyKeyring => {
  let current: Promise<KeyPair> | undefined;
  /** Older pairs still referenced by clients; only ids found in the table are kept, so this stays small. */
  const retired = new Map<string, KeyPair>();

  const loadCurrent = (): Promise<KeyPair> => {
    current ??= loadOrCreateKeyPair(db, currentBodyKeyId).catch((error: unknown) => {
      // A failed start (database down) must not be remembered; the next call tries again.
      current = undefined;
      throw error;
    });
    return current;
  };

  const findKeyPair = async (keyId: string): Promise<KeyPair | undefined> => {
    if (keyId === currentBodyKeyId) return loadCurrent();
    const known = retired.get(keyId);
    if (known) return known;
    const row = await findKeyPairRow(db, keyId);
    if (!row) return undefined;
    const keyPair = await importKeyPair(row);
    retired.set(keyId, keyPair);
    return keyPair;
  };

  return {
    getPublicKey: async () => {
      const { keyId, publicKey } = await loadCurrent();
      return { keyId, publicKey, algorithm: bodyCipherAlgorithm };
    },
    decrypt: async (body) => {
      // Outside the try: a database failure is ours (INTERNAL_ERROR), not a bad body.
      const keyPair = await findKeyPair(body.encrypted.keyId);
      if (!keyPair) throw new AppError('DECRYPTION_FAILED');
      try {
        return await openEnvelope(keyPair.privateKey, body.encrypted);
      } catch {
        // One answer for every cause, so failures reveal nothing about where decryption stopped.
        throw new AppError('DECRYPTION_FAILED');
      }
    },
  };
};

const hasEncryptedField = (body: unknown): boolean =>
  typeof body === 'object' && body !== null && Object.hasOwn(body, 'encrypted');

/**
 * A preValidation hook for the "encrypt" routes: an encrypted body is replaced by its plaintext, so the
 * route's schema validates what the client meant; a plain body is refused when encryption is required.
 */
export type BodyDecryptionHook = (request: FastifyRequest) => Promise<void>;

export const createBodyDecryptionHook =
  (
    keyring: BodyKeyring,
    isEncryptionRequired: (request: FastifyRequest) => boolean | Promise<boolean>,
  ): BodyDecryptionHook =>
  async (request: FastifyRequest): Promise<void> => {
    const { body } = request;
    if (isEncryptedBody(body)) {
      request.body = await keyring.decrypt(body);
      return;
    }
    // A malformed envelope is a broken client, not a plain body that happens to have an odd field.
    if (hasEncryptedField(body)) throw new AppError('DECRYPTION_FAILED');
    if (await isEncryptionRequired(request)) throw new AppError('ENCRYPTION_REQUIRED');
  };
