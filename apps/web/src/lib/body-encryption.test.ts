import { bodyCipherAlgorithm, type EncryptedBody } from '@wps/contracts/body-cipher';
import { describe, expect, it, vi } from 'vitest';
import { apiRequest } from './api-client';

const rsaAlgorithm = { name: 'RSA-OAEP', hash: 'SHA-256' } as const;
const toBase64 = (bytes: ArrayBuffer): string => btoa(String.fromCharCode(...new Uint8Array(bytes)));
const fromBase64 = (text: string): Uint8Array<ArrayBuffer> =>
  Uint8Array.from(atob(text), (char) => char.charCodeAt(0));

const createServerKey = async (keyId: string) => {
  const pair = await crypto.subtle.generateKey(
    { ...rsaAlgorithm, modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]) },
    true,
    ['encrypt', 'decrypt'],
  );
  const publicKey = toBase64(await crypto.subtle.exportKey('spki', pair.publicKey));
  const open = async ({ encrypted }: EncryptedBody): Promise<unknown> => {
    const rawKey = await crypto.subtle.decrypt(rsaAlgorithm, pair.privateKey, fromBase64(encrypted.key));
    const contentKey = await crypto.subtle.importKey('raw', rawKey, 'AES-GCM', false, ['decrypt']);
    const plain = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: fromBase64(encrypted.iv) },
      contentKey,
      fromBase64(encrypted.data),
    );
    return JSON.parse(new TextDecoder().decode(plain)) as unknown;
  };
  return { keyValue: { keyId, publicKey, algorithm: bodyCipherAlgorithm }, open };
};

type Answer = { done: boolean };
const envelope = (value: unknown) => Response.json({ success: true, value, message: 'OK' });
const bodyOf = (init: RequestInit | undefined): unknown =>
  typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;

describe('encrypted request bodies', () => {
  it("seals the body with the server's key, fetched once for the visit", async () => {
    const server = await createServerKey('key-1');
    const fetchMock = vi.fn<typeof fetch>((url) =>
      Promise.resolve(
        url === '/wps/system/encryption-key' ? envelope(server.keyValue) : envelope({ done: true }),
      ),
    );
    vi.stubGlobal('fetch', fetchMock);

    await apiRequest<Answer>('/session/login', {
      method: 'POST',
      body: { password: 'secret' },
      isEncrypted: true,
    });
    await apiRequest<Answer>('/session/login', {
      method: 'POST',
      body: { password: 'other' },
      isEncrypted: true,
    });

    const sent = fetchMock.mock.calls.filter(([url]) => url === '/wps/session/login');
    const first = bodyOf(sent[0]?.[1]) as EncryptedBody;
    expect(first.encrypted.keyId).toBe('key-1');
    expect(JSON.stringify(first)).not.toContain('secret');
    expect(await server.open(first)).toEqual({ password: 'secret' });
    expect(await server.open(bodyOf(sent[1]?.[1]) as EncryptedBody)).toEqual({ password: 'other' });
    expect(fetchMock.mock.calls.filter(([url]) => url === '/wps/system/encryption-key')).toHaveLength(1);
  });

  it('fetches the new key and tries once more when the server rotated it', async () => {
    const oldKey = await createServerKey('old');
    const newKey = await createServerKey('new');
    let currentKey = oldKey;
    const fetchMock = vi.fn<typeof fetch>((url, init) => {
      if (url === '/wps/system/encryption-key') return Promise.resolve(envelope(currentKey.keyValue));
      const { encrypted } = bodyOf(init) as EncryptedBody;
      return Promise.resolve(
        encrypted.keyId === 'new'
          ? envelope({ done: true })
          : Response.json(
              { success: false, value: null, message: 'x', code: 'DECRYPTION_FAILED' },
              { status: 400 },
            ),
      );
    });
    vi.stubGlobal('fetch', fetchMock);
    await apiRequest<Answer>('/member/password', {
      method: 'POST',
      body: { a: 1 },
      isEncrypted: true,
    }).catch(() => null);
    currentKey = newKey;

    await expect(
      apiRequest<Answer>('/member/password', { method: 'POST', body: { a: 1 }, isEncrypted: true }),
    ).resolves.toEqual({ done: true });
  });

  it('sends the body as it is when no key can be had', async () => {
    const fetchMock = vi.fn<typeof fetch>((url) =>
      Promise.resolve(
        url === '/wps/system/encryption-key'
          ? Response.json({ success: false, value: null, message: 'x', code: 'NOT_FOUND' }, { status: 404 })
          : envelope({ done: true }),
      ),
    );
    vi.stubGlobal('fetch', fetchMock);

    await apiRequest<Answer>('/session/login', {
      method: 'POST',
      body: { password: 'p' },
      isEncrypted: true,
    });

    const sent = fetchMock.mock.calls.find(([url]) => url === '/wps/session/login');
    expect(bodyOf(sent?.[1])).toEqual({ password: 'p' });
  });
});
