import { socialProviderConfigListResponseSchema } from '@wps/contracts/social-sign-in';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, operatorHeaders, type TestApp } from '../../testing/test-app';
import { brandSocialProviders } from './social-sign-in.tables';

const socialUrl = '/wps/backoffice/site/social';

describe.each([
  ['the configured database', false],
  ['the embedded PGlite', true],
])("the console's social sign-in providers, on %s", (_name, embedded) => {
  let subject: TestApp;
  let operator: Record<string, string>;
  beforeAll(async () => {
    subject = await createTestApp({}, { embedded });
    operator = await operatorHeaders(subject.app);
  });
  afterAll(() => subject.close());

  const configure = (payload: Record<string, unknown>) =>
    subject.app.inject({ method: 'PUT', url: `${socialUrl}/google`, headers: operator, payload });
  const storedSecret = async () => {
    const [row] = await subject.database.db
      .select({ clientSecret: brandSocialProviders.clientSecret })
      .from(brandSocialProviders)
      .where(eq(brandSocialProviders.provider, 'google'));
    return row?.clientSecret;
  };
  const issuer = 'https://accounts.example.com';

  it('needs the secret the first time, lists providers without it, and keeps it for the same issuer', async () => {
    const withoutSecret = { issuer, clientId: 'lotus-web', isEnabled: true };
    expect((await configure(withoutSecret)).json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      value: { issues: [{ field: 'clientSecret' }] },
    });
    expect((await configure({ ...withoutSecret, clientSecret: 'first-client-secret' })).statusCode).toBe(200);

    const listed = await subject.app.inject({ method: 'GET', url: socialUrl, headers: operator });
    expect(listed.body).not.toContain('first-client-secret');
    expect(socialProviderConfigListResponseSchema.parse(listed.json()).value.list).toEqual([
      expect.objectContaining({ provider: 'google', issuer, clientId: 'lotus-web', hasClientSecret: true }),
    ]);

    const disabled = await configure({ ...withoutSecret, isEnabled: false });
    expect(disabled.json()).toMatchObject({ value: { isEnabled: false, hasClientSecret: true } });
    expect(await storedSecret()).toBe('first-client-secret');

    // Another issuer without the secret: refused, so the secret never goes to an issuer it was not typed for.
    const moved = await configure({ ...withoutSecret, issuer: 'https://login.elsewhere.test' });
    expect(moved.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(await storedSecret()).toBe('first-client-secret');
  });
});
