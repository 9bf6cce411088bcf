import { describe, expect, it } from 'vitest';
import {
  type EncryptedBody,
  encryptRequestBody,
  encryptionKeyResponseSchema,
  isEncryptedBody,
} from './body-cipher';

const rsaAlgorithm = { name: 'RSA-OAEP', hash: 'SHA-256' } as const;
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (char) => char.charCodeAt(0));
const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));

const createKeyPair = async () => {
  const pair = await crypto.subtle.generateKey(
    { ...rsaAlgorithm, modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]) },
    true,
    ['encrypt', 'decrypt'],
  );
  const spki = new Uint8Array(await crypto.subtle.exportKey('spki', pair.publicKey));
  return { privateKey: pair.privateKey, publicKey: { keyId: 'test-key', publicKey: toBase64(spki) } };
};

/** What the server does, written out here so the contract is checked without the server's code. */
const openBody = async (privateKey: CryptoKey, body: EncryptedBody): Promise<unknown> => {
  const rawKey = await crypto.subtle.decrypt(rsaAlgorithm, privateKey, fromBase64(body.encrypted.key));
  const contentKey = await crypto.subtle.importKey('raw', rawKey, 'AES-GCM', false, ['decrypt']);
  const plain = await crypto.subtle.decrypt(
    { name: 'AES-GCM', iv: fromBase64(body.encrypted.iv) },
    contentKey,
    fromBase64(body.encrypted.data),
  );
  return JSON.parse(new TextDecoder().decode(plain));
};

describe('body cipher', () => {
  it('seals the JSON of the payload for the holder of the private key', async () => {
    const { privateKey, publicKey } = await createKeyPair();
    const payload = { username: 'player1', password: 'Secret#123' };
    const body = await encryptRequestBody(publicKey, payload);
    expect(body.encrypted.keyId).toBe('test-key');
    expect(JSON.stringify(body)).not.toContain('Secret');
    expect(fromBase64(body.encrypted.iv)).toHaveLength(12);
    expect(fromBase64(body.encrypted.key)).toHaveLength(256);
    await expect(openBody(privateKey, body)).resolves.toEqual(payload);
  });

  it('uses a fresh key and nonce on every call', async () => {
    const { publicKey } = await createKeyPair();
    const first = await encryptRequestBody(publicKey, { a: 1 });
    const second = await encryptRequestBody(publicKey, { a: 1 });
    expect(second.encrypted.iv).not.toBe(first.encrypted.iv);
    expect(second.encrypted.key).not.toBe(first.encrypted.key);
    expect(second.encrypted.data).not.toBe(first.encrypted.data);
  });

  it('handles payloads larger than one base64 chunk', async () => {
    const { privateKey, publicKey } = await createKeyPair();
    const payload = { note: 'x'.repeat(100_000) };
    const body = await encryptRequestBody(publicKey, payload);
    expect(isEncryptedBody(body)).toBe(true);
    await expect(openBody(privateKey, body)).resolves.toEqual(payload);
  });

  it('refuses a payload with no JSON form', async () => {
    const { publicKey } = await createKeyPair();
    await expect(encryptRequestBody(publicKey, undefined)).rejects.toThrow(TypeError);
  });

  it('recognises the envelope and nothing else', () => {
    const encrypted = { keyId: 'k', key: 'a2V5', iv: 'aXY=', data: 'ZGF0YQ==' };
    expect(isEncryptedBody({ encrypted })).toBe(true);
    expect(isEncryptedBody({ username: 'player1', password: 'x' })).toBe(false);
    expect(isEncryptedBody({ encrypted, username: 'player1' })).toBe(false);
    expect(isEncryptedBody({ encrypted: { ...encrypted, extra: 1 } })).toBe(false);
    expect(isEncryptedBody({ encrypted: { ...encrypted, keyId: 'k'.repeat(65) } })).toBe(false);
    expect(isEncryptedBody(null)).toBe(false);
    expect(isEncryptedBody('encrypted')).toBe(false);
  });

  it('describes the public key answer', () => {
    const answer = {
      success: true,
      message: '',
      value: { keyId: 'k', publicKey: 'AAAA', algorithm: 'RSA-OAEP-256+A256GCM' },
    };
    expect(encryptionKeyResponseSchema.parse(answer)).toEqual(answer);
    expect(
      encryptionKeyResponseSchema.safeParse({ ...answer, value: { ...answer.value, algorithm: 'RSA' } })
        .success,
    ).toBe(false);
  });
});
