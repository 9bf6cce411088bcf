import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { members } from '../members/members.tables';
import { outboundMessages } from '../notifications/notifications.tables';
import { memberSessions, verificationCodes } from './auth.tables';

type Case = { method: 'GET' | 'POST' | 'PUT'; url: string; payload?: unknown; form?: string };

const long = 'x'.repeat(5_000);
const html = '<img src=x onerror=alert(1)>';
const sql = "'; drop table members; --";

/** Every public auth endpoint, fed what an attacker or a broken client sends. */
const cases: Array<[string, Case]> = [
  [
    'login: missing password',
    { method: 'POST', url: '/wps/session/login', payload: { username: 'demoplayer' } },
  ],
  [
    'login: extra field',
    { method: 'POST', url: '/wps/session/login', payload: { username: 'a', password: 'b', role: 'admin' } },
  ],
  [
    'login: wrong type',
    { method: 'POST', url: '/wps/session/login', payload: { username: ['a'], password: 'b' } },
  ],
  [
    'login: too long',
    { method: 'POST', url: '/wps/session/login', payload: { username: long, password: 'b' } },
  ],
  [
    'login: unknown type',
    { method: 'POST', url: '/wps/session/login', payload: { username: 'a', password: 'b', type: 'magic' } },
  ],
  ['login: not JSON', { method: 'POST', url: '/wps/session/login', payload: '{"username":' }],
  [
    'sms: no number',
    { method: 'POST', url: '/wps/verification/sms/register', payload: { countryDialingCode: '63' } },
  ],
  [
    'sms: letters',
    {
      method: 'POST',
      url: '/wps/verification/sms/register',
      payload: { countryDialingCode: '63', mobileNo: 'abcdefgh' },
    },
  ],
  [
    'sms: HTML',
    {
      method: 'POST',
      url: '/wps/verification/sms/noLogin',
      payload: { countryDialingCode: '63', mobileNo: html },
    },
  ],
  [
    'sms: SQL',
    {
      method: 'POST',
      url: '/wps/verification/sms/noLogin',
      payload: { countryDialingCode: sql, mobileNo: '9171234567' },
    },
  ],
  [
    'sms: extra field',
    {
      method: 'POST',
      url: '/wps/verification/sms/register',
      payload: { countryDialingCode: '63', mobileNo: '9170000000', debug: true },
    },
  ],
  [
    'reset by phone: missing code',
    {
      method: 'POST',
      url: '/wps/member/password/verification',
      payload: { mobileNum: '9171234567', countryDialingCode: '63', newPassword: 'Abc12345' },
    },
  ],
  [
    'reset by phone: wrong code',
    {
      method: 'POST',
      url: '/wps/member/password/verification',
      payload: {
        mobileNum: '9171234567',
        countryDialingCode: '63',
        verificationCode: '123456',
        newPassword: 'Abc12345',
      },
    },
  ],
  [
    'reset by email: missing email',
    { method: 'POST', url: '/wps/member/password/email', form: 'username=demoplayer' },
  ],
  [
    'reset by email: SQL',
    {
      method: 'POST',
      url: '/wps/member/password/email',
      form: `username=${encodeURIComponent(sql)}&email=a%40b.c`,
    },
  ],
  ['affiliate: missing code', { method: 'GET', url: '/wps/agent/affiliate' }],
  ['affiliate: HTML', { method: 'GET', url: `/wps/agent/affiliate?code=${encodeURIComponent(html)}` }],
  ['register: array body', { method: 'PUT', url: '/wps/member/register', payload: [] }],
  [
    'register mobile: no number',
    {
      method: 'PUT',
      url: '/wps/member/register/mobile',
      payload: { password: 'Abc12345', confirmPassword: 'Abc12345', termsAccepted: true },
    },
  ],
  [
    'free play: extra field',
    { method: 'POST', url: '/wps/session/login/freeplay', payload: { os: 'x', type: 4 } },
  ],
];

describe('bad input to the auth endpoints', () => {
  let subject: TestApp;
  beforeAll(async () => {
    subject = await createTestApp();
  });
  afterAll(() => subject.close());

  const snapshot = async () => {
    const db = subject.database.db;
    const totals = await Promise.all([
      db.select({ total: count() }).from(members),
      db.select({ total: count() }).from(memberSessions),
      db.select({ total: count() }).from(verificationCodes),
      db.select({ total: count() }).from(outboundMessages),
    ]);
    return totals.map(([row]) => row?.total);
  };

  it.each(cases)(
    '%s: answers 4xx in the envelope with a code and writes nothing',
    async (_name, testCase) => {
      const before = await snapshot();
      const response = await subject.app.inject({
        method: testCase.method,
        url: testCase.url,
        ...(testCase.form === undefined
          ? typeof testCase.payload === 'string'
            ? { payload: testCase.payload, headers: { 'content-type': 'application/json' } }
            : testCase.payload === undefined
              ? {}
              : { payload: testCase.payload as Record<string, unknown> }
          : { payload: testCase.form, headers: { 'content-type': 'application/x-www-form-urlencoded' } }),
      });
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
      const body = response.json<{ success: boolean; code: string; message: string }>();
      expect(body.success).toBe(false);
      expect(body.code).toMatch(/^[A-Z_]+$/);
      expect(response.body).not.toMatch(/select |insert |stack|at \//i);
      expect(await snapshot()).toEqual(before);
    },
  );
});
