import {
  createPrivateKey,
  createPublicKey,
  generateKeyPair,
  type KeyObject,
  sign,
  verify,
} from 'node:crypto';
import type { Database } from '../../db/database';
import * as repository from './vendor-wallet.repository';

/**
 * Signatures of the vendor wallet protocol: base64 RSA-SHA256 (PKCS#1 v1.5) of the exact body bytes, in
 * `X-Hub88-Signature`, both ways. Both operations take node:crypto's callback form, which runs on libuv's
 * thread pool, so signing answers does not hold up the event loop.
 */

/** A vendor's PEM public key, or undefined when it is missing or not an RSA public key. */
export const parsePublicKey = (pem: string | null): KeyObject | undefined => {
  if (pem === null || pem.trim() === '') return undefined;
  try {
    const key = createPublicKey(pem);
    return key.asymmetricKeyType === 'rsa' ? key : undefined;
  } catch {
    return undefined;
  }
};

const base64Pattern = /^[A-Za-z0-9+/]+={0,2}$/;

/** True only for a well-formed base64 signature that verifies the bytes exactly as received. */
export const verifySignature = (
  body: Buffer,
  signature: string | undefined,
  key: KeyObject,
): Promise<boolean> => {
  const trimmed = signature?.trim() ?? '';
  if (trimmed.length === 0 || trimmed.length > 4096 || !base64Pattern.test(trimmed)) {
    return Promise.resolve(false);
  }
  return new Promise((resolve) => {
    verify('sha256', body, key, Buffer.from(trimmed, 'base64'), (error, isValid) => {
      resolve(error === null && isValid);
    });
  });
};

export const signBytes = (body: Buffer, key: KeyObject): Promise<string> =>
  new Promise((resolve, reject) => {
    sign('sha256', body, key, (error, signature) => {
      if (error) reject(error);
      else resolve(signature.toString('base64'));
    });
  });

/**
 * A fixed id, so instances starting together race on the primary key and all read back the first pair
 * stored. Rotating the key means a new id here (and telling vendors the new public key).
 */
const platformKeyId = 'vendor-wallet-1';

type PlatformKey = { privateKey: KeyObject; publicKeyPem: string };

/** A new RSA-2048 key pair as PEM: the public half SPKI, the private half PKCS #8 (node:crypto's thread pool). */
export const generatePemPair = (): Promise<{ publicKeyPem: string; privateKeyPem: string }> =>
  new Promise((resolve, reject) => {
    generateKeyPair(
      'rsa',
      {
        modulusLength: 2048,
        publicKeyEncoding: { type: 'spki', format: 'pem' },
        privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
      },
      (error, publicKeyPem, privateKeyPem) => {
        if (error) reject(error);
        else resolve({ publicKeyPem, privateKeyPem });
      },
    );
  });

/** The platform's signing key, created on first use and kept in `vendor_wallet_keys`. */
export const createPlatformSigner = (db: Database) => {
  let loading: Promise<PlatformKey> | undefined;

  const load = async (): Promise<PlatformKey> => {
    let row = await repository.findSigningKey(db, platformKeyId);
    if (!row) {
      await repository.insertSigningKey(db, { keyId: platformKeyId, ...(await generatePemPair()) });
      row = await repository.findSigningKey(db, platformKeyId);
    }
    if (!row) throw new Error('The vendor wallet signing key could neither be found nor created');
    return { privateKey: createPrivateKey(row.privateKeyPem), publicKeyPem: row.publicKeyPem };
  };

  const key = (): Promise<PlatformKey> => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };

  return {
    /** PEM (SPKI) of the key our answers are signed with. */
    publicKeyPem: async (): Promise<string> => (await key()).publicKeyPem,
    sign: async (body: Buffer): Promise<string> => signBytes(body, (await key()).privateKey),
  };
};

export type PlatformSigner = ReturnType<typeof createPlatformSigner>;
