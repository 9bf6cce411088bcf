import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});

afterAll(async () => {
  await testApp.close();
});

describe('compressed answers', () => {
  it('compresses a JSON answer for a browser that accepts brotli', async () => {
    const plain = await testApp.app.inject({ method: 'GET', url: '/wps/system/permission' });
    const compressed = await testApp.app.inject({
      method: 'GET',
      url: '/wps/system/permission',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect(JSON.parse(brotliDecompressSync(compressed.rawPayload).toString())).toEqual(plain.json());
  });

  it('leaves the answer as it is for a client that accepts no encoding', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/wps/system/permission' });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json()).toMatchObject({ success: true });
  });
});
