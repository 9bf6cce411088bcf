import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginAsMember, type TestApp } from '../../testing/test-app';
import { demoPlayer } from '../members/members.seed';
import { members } from '../members/members.tables';

describe('getUpdateLanguage', () => {
  let subject: TestApp;
  beforeAll(async () => {
    subject = await createTestApp();
  });
  afterAll(() => subject.close());

  const storedLanguage = async (username: string) =>
    (
      await subject.database.db
        .select({ language: members.language })
        .from(members)
        .where(eq(members.username, username))
    )[0]?.language;

  it("keeps the member's chosen language", async () => {
    const { authorization } = await loginAsMember(subject, demoPlayer.username);
    const response = await subject.app.inject({
      method: 'POST',
      url: '/wps/relay/getUpdateLanguage',
      headers: { authorization },
      payload: { language: 'UR' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ success: true });
    expect(await storedLanguage(demoPlayer.username)).toBe('UR');
  });

  it('refuses a language the platform does not know', async () => {
    const { authorization } = await loginAsMember(subject, demoPlayer.username);
    const response = await subject.app.inject({
      method: 'POST',
      url: '/wps/relay/getUpdateLanguage',
      headers: { authorization },
      payload: { language: 'XX' },
    });
    expect(response.json()).toMatchObject({ success: false });
    expect(await storedLanguage(demoPlayer.username)).not.toBe('XX');
  });

  it('needs a session', async () => {
    const response = await subject.app.inject({
      method: 'POST',
      url: '/wps/relay/getUpdateLanguage',
      payload: { language: 'EN' },
    });
    expect(response.statusCode).toBe(401);
  });
});
