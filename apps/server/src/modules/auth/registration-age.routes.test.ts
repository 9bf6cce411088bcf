import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../db/database';
import { createTestApp, operatorHeaders, type TestApp } from '../../testing/test-app';
import { auditEvents } from '../audit/audit.tables';
import { members } from '../members/members.tables';
import { bodyOf, createVisitor } from './auth.test-helpers';

/**
 * Issue 26, item 4: registration asks the date of birth and refuses anyone under the brand's minimum age (18
 * unless the operator sets another in the site settings, audited).
 */
describe('registration: date of birth and minimum age', () => {
  let subject: TestApp;
  let operator: Record<string, string>;
  let visitorNumber = 0;

  beforeAll(async () => {
    subject = await createTestApp();
    operator = await operatorHeaders(subject.app);
  });
  afterAll(() => subject.close());

  /** A date of birth `years` ago, moved by `days` (later is younger). */
  const bornYearsAgo = (years: number, days = 0): string => {
    const date = new Date();
    date.setUTCFullYear(date.getUTCFullYear() - years);
    date.setUTCDate(date.getUTCDate() + days);
    return date.toISOString().slice(0, 10);
  };

  const register = async (username: string, birthday: string | undefined) => {
    visitorNumber += 1;
    const visitor = createVisitor(subject.app, `198.51.100.${visitorNumber}`);
    const captcha = await visitor.solveCaptcha();
    return visitor.call('PUT', '/wps/member/register', {
      username,
      password: 'Lotus4garden2',
      confirmPassword: 'Lotus4garden2',
      captcha,
      termsAccepted: true,
      ...(birthday === undefined ? {} : { birthday }),
    });
  };

  const memberNamed = async (username: string) => {
    const [row] = await subject.database.db.select().from(members).where(eq(members.username, username));
    return row;
  };

  it('refuses a registration without a date of birth, and creates nobody', async () => {
    const response = await register('nobirthday1', undefined);
    expect(response.statusCode).toBe(400);
    expect(bodyOf(response)).toMatchObject({ success: false, code: 'BIRTHDAY_REQUIRED' });
    expect(await memberNamed('nobirthday1')).toBeUndefined();
  });

  it('refuses a date that is not a real one', async () => {
    const response = await register('baddate1', '2001-02-30');
    expect(bodyOf(response)).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    expect(await memberNamed('baddate1')).toBeUndefined();
  });

  it('refuses someone under 18 and registers an adult with the date of birth kept', async () => {
    const young = await register('teenager1', bornYearsAgo(18, 2));
    expect(young.statusCode).toBe(403);
    expect(bodyOf(young)).toMatchObject({
      success: false,
      code: 'UNDER_MINIMUM_AGE',
      value: { minimumAge: 18 },
    });
    expect(await memberNamed('teenager1')).toBeUndefined();

    const birthday = bornYearsAgo(30);
    const adult = await register('grownup1', birthday);
    expect(bodyOf(adult)).toMatchObject({ success: true });
    expect((await memberNamed('grownup1'))?.birthday).toBe(birthday);
  });

  it("follows the brand's minimum age set in the site settings, audited, and refuses one under 18", async () => {
    const settingsUrl = '/wps/backoffice/site/settings';
    const patch = (minimumAge: number) =>
      subject.app.inject({ method: 'PATCH', url: settingsUrl, headers: operator, payload: { minimumAge } });

    expect(bodyOf(await patch(17))).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    const saved = await patch(21);
    expect(bodyOf(saved)).toMatchObject({ success: true, value: { minimumAge: 21 } });
    const [event] = await selectRows<{ before: { minimumAge: number }; after: { minimumAge: number } }>(
      subject.database.db,
      sql`select before, after from ${auditEvents} where action = 'site.settings.update' order by id desc limit 1`,
    );
    expect(event).toMatchObject({ before: { minimumAge: 18 }, after: { minimumAge: 21 } });
    const setting = bodyOf(await subject.app.inject({ method: 'GET', url: '/wps/system/setting/register' }));
    expect(setting).toMatchObject({ value: { minimumAge: 21 } });

    const twenty = await register('twenty1', bornYearsAgo(21, 2));
    expect(bodyOf(twenty)).toMatchObject({ code: 'UNDER_MINIMUM_AGE', value: { minimumAge: 21 } });
    expect(await memberNamed('twenty1')).toBeUndefined();

    expect(bodyOf(await patch(18))).toMatchObject({ success: true, value: { minimumAge: 18 } });
    expect(bodyOf(await register('twenty2', bornYearsAgo(21, 2)))).toMatchObject({ success: true });
  });
});
