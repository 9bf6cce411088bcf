import { type EncryptedBody, encryptRequestBody } from '@wps/contracts/body-cipher';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type DatabaseHandle, selectRows } from '../../db/database';
import { registerErrorHandling } from '../../http/error-handler';
import { openTestDatabase } from '../../testing/test-database';
import { type BodyKeyring, createBodyDecryptionHook, createBodyKeyring } from './encrypted-body';

let database: DatabaseHandle;
let keyring: BodyKeyring;

beforeAll(async () => {
  database = await openTestDatabase();
  keyring = createBodyKeyring(database.db);
});

afterAll(async () => {
  await database.close();
});

const encryptFor = async (payload: unknown): Promise<EncryptedBody> =>
  encryptRequestBody(await keyring.getPublicKey(), payload);

/** Flips one bit in the middle of a base64 field, keeping it valid base64. */
const tamper = (base64: string): string => {
  const bytes = Buffer.from(base64, 'base64');
  const middle = Math.floor(bytes.length / 2);
  bytes.writeUInt8((bytes.readUInt8(middle) ^ 1) & 0xff, middle);
  return bytes.toString('base64');
};

const expectDecryptionFailed = async (body: EncryptedBody) => {
  await expect(keyring.decrypt(body)).rejects.toMatchObject({ code: 'DECRYPTION_FAILED' });
};

describe('body keyring', () => {
  it('opens what the site sealed with its public key', async () => {
    const publicKey = await keyring.getPublicKey();
    expect(publicKey.algorithm).toBe('RSA-OAEP-256+A256GCM');
    const payload = { username: 'player1', password: 'Secret#123', remember: true };
    await expect(keyring.decrypt(await encryptFor(payload))).resolves.toEqual(payload);
  });

  it('refuses tampered ciphertext, key or nonce', async () => {
    const body = await encryptFor({ password: 'Secret#123' });
    await expectDecryptionFailed({ encrypted: { ...body.encrypted, data: tamper(body.encrypted.data) } });
    await expectDecryptionFailed({ encrypted: { ...body.encrypted, key: tamper(body.encrypted.key) } });
    await expectDecryptionFailed({ encrypted: { ...body.encrypted, iv: tamper(body.encrypted.iv) } });
  });

  it('refuses an unknown key id', async () => {
    const body = await encryptFor({ password: 'Secret#123' });
    await expectDecryptionFailed({ encrypted: { ...body.encrypted, keyId: 'request-body-404' } });
  });

  it('refuses base64 that is not base64 and a nonce of the wrong length', async () => {
    const body = await encryptFor({ password: 'Secret#123' });
    await expectDecryptionFailed({ encrypted: { ...body.encrypted, data: `${body.encrypted.data}!` } });
    await expectDecryptionFailed({ encrypted: { ...body.encrypted, iv: 'AAAAAAAAAAAAAAAA' } });
  });

  it('refuses a plaintext that is not JSON or poisons prototypes', async () => {
    const sealText = async (text: string): Promise<EncryptedBody> => {
      // encryptRequestBody always sends JSON, so a raw text is sealed by hand the way it would be.
      const { keyId, publicKey } = await keyring.getPublicKey();
      const wrappingKey = await crypto.subtle.importKey(
        'spki',
        Buffer.from(publicKey, 'base64'),
        { name: 'RSA-OAEP', hash: 'SHA-256' },
        false,
        ['encrypt'],
      );
      const contentKey = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, true, ['encrypt']);
      const iv = crypto.getRandomValues(new Uint8Array(12));
      const data = await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, contentKey, Buffer.from(text));
      const key = await crypto.subtle.encrypt(
        { name: 'RSA-OAEP' },
        wrappingKey,
        await crypto.subtle.exportKey('raw', contentKey),
      );
      const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');
      return {
        encrypted: {
          keyId,
          key: base64(new Uint8Array(key)),
          iv: base64(iv),
          data: base64(new Uint8Array(data)),
        },
      };
    };
    await expect(keyring.decrypt(await sealText('{"ok":true}'))).resolves.toEqual({ ok: true });
    await expectDecryptionFailed(await sealText('not json'));
    await expectDecryptionFailed(await sealText('{"__proto__":{"isAdmin":true}}'));
  });

  it('agrees on one key pair when instances start together on an empty table', async () => {
    const shared = await openTestDatabase();
    try {
      const first = createBodyKeyring(shared.db);
      const second = createBodyKeyring(shared.db);
      const [firstKey, secondKey] = await Promise.all([first.getPublicKey(), second.getPublicKey()]);
      expect(secondKey).toEqual(firstKey);
      const rows = await selectRows<{ key_id: string }>(shared.db, sql`select key_id from server_key_pairs`);
      expect(rows).toEqual([{ key_id: firstKey.keyId }]);
      const sealed = await encryptRequestBody(firstKey, { n: 1 });
      await expect(second.decrypt(sealed)).resolves.toEqual({ n: 1 });
      await expect(createBodyKeyring(shared.db).getPublicKey()).resolves.toEqual(firstKey);
    } finally {
      await shared.close();
    }
  });
});

describe('body decryption hook', () => {
  const buildProbeApp = (isEncryptionRequired: boolean) => {
    const app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerErrorHandling(app);
    app.post(
      '/login',
      {
        schema: { body: z.strictObject({ username: z.string(), password: z.string() }) },
        preValidation: createBodyDecryptionHook(keyring, () => isEncryptionRequired),
      },
      async (request) => ({ success: true, value: request.body.username, message: '' }),
    );
    return app;
  };

  it('hands the route the plaintext of an encrypted body, validated by its schema', async () => {
    const app = buildProbeApp(true);
    const accepted = await app.inject({
      method: 'POST',
      url: '/login',
      payload: await encryptFor({ username: 'player1', password: 'Secret#123' }),
    });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ success: true, value: 'player1' });

    const invalid = await app.inject({
      method: 'POST',
      url: '/login',
      payload: await encryptFor({ username: 'player1' }),
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
  });

  it('accepts a plain body when encryption is not required', async () => {
    const response = await buildProbeApp(false).inject({
      method: 'POST',
      url: '/login',
      payload: { username: 'player1', password: 'Secret#123' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ success: true, value: 'player1' });
  });

  it('refuses a plain body with ENCRYPTION_REQUIRED when encryption is required', async () => {
    const response = await buildProbeApp(true).inject({
      method: 'POST',
      url: '/login',
      payload: { username: 'player1', password: 'Secret#123' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      success: false,
      value: null,
      message: 'This request must be encrypted.',
      code: 'ENCRYPTION_REQUIRED',
    });
  });

  it('answers DECRYPTION_FAILED for a tampered or malformed envelope', async () => {
    const app = buildProbeApp(false);
    const body = await encryptFor({ username: 'player1', password: 'Secret#123' });
    const tampered = await app.inject({
      method: 'POST',
      url: '/login',
      payload: { encrypted: { ...body.encrypted, data: tamper(body.encrypted.data) } },
    });
    expect(tampered.statusCode).toBe(400);
    expect(tampered.json()).toMatchObject({ success: false, code: 'DECRYPTION_FAILED' });

    const malformed = await app.inject({ method: 'POST', url: '/login', payload: { encrypted: 'abc' } });
    expect(malformed.json()).toMatchObject({ success: false, code: 'DECRYPTION_FAILED' });
  });
});
