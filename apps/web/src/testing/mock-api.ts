import { errorHttpStatus, errorMessages, type ErrorCode } from '@wps/contracts/errors';
import type { MemberInfo, SessionValue } from '@wps/contracts/auth';
import { vi } from 'vitest';

export type MockReply = { status: number; body: unknown };
export type MockRequest = { url: URL; method: string; body: unknown; headers: Headers };
type Route = MockReply | ((request: MockRequest) => MockReply);

export const ok = (value: unknown): MockReply => ({
  status: 200,
  body: { success: true, value, message: 'OK' },
});

export const fail = (code: ErrorCode, value: unknown = null): MockReply => ({
  status: errorHttpStatus[code],
  body: { success: false, value, message: errorMessages[code], code },
});

const readBody = (init: RequestInit | undefined, headers: Headers): unknown => {
  if (typeof init?.body !== 'string') return undefined;
  if (headers.get('content-type')?.startsWith('application/x-www-form-urlencoded')) {
    return Object.fromEntries(new URLSearchParams(init.body));
  }
  return JSON.parse(init.body) as unknown;
};

/**
 * Stubs fetch with routes keyed "METHOD /wps/path". A route may be a reply or a function of the request;
 * anything unrouted answers NOT_FOUND. `requests` lists what the site sent, in order.
 */
export const mockApi = (routes: Record<string, Route>) => {
  const requests: MockRequest[] = [];
  const fetchMock = vi.fn<typeof fetch>((input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const headers = new Headers(init?.headers);
    const request = { url, method, body: readBody(init, headers), headers };
    requests.push(request);
    const route = routes[`${method} ${url.pathname}`];
    const reply =
      route === undefined ? fail('NOT_FOUND') : typeof route === 'function' ? route(request) : route;
    return Promise.resolve(Response.json(reply.body, { status: reply.status }));
  });
  vi.stubGlobal('fetch', fetchMock);
  const requestsTo = (key: string): MockRequest[] =>
    requests.filter((request) => `${request.method} ${request.url.pathname}` === key);
  return { fetchMock, requests, requestsTo };
};

export const buildMemberInfo = (overrides: Partial<MemberInfo> = {}): MemberInfo => ({
  id: '100234',
  account: 'player01',
  nickname: 'Lucky player',
  type: 0,
  isAgent: false,
  isTrial: false,
  currency: 'PKR',
  currencySymbol: 'Rs',
  countryCode: 'PK',
  mobileNum: '+92 ****4567',
  email: null,
  payeeName: null,
  hasPaymentPassword: false,
  avatarUrl: null,
  registeredAt: '2025-01-02T03:04:05.000Z',
  lastLoginAt: null,
  mustChangePassword: false,
  vip: null,
  ...overrides,
});

export const buildSession = (overrides: Partial<SessionValue> = {}): SessionValue => ({
  token: 'session-token-1',
  firstTimeLogin: false,
  passwordExpired: false,
  mustChangePassword: false,
  ...overrides,
});

export const captchaImage = 'data:image/png;base64,iVBORw0KGgo=';
