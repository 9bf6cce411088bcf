import { successEnvelope } from '@wps/contracts/envelope';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError, apiRequest } from './api-client';

const greetingResponseSchema = successEnvelope(z.object({ greeting: z.string() }));

const answerWith = (body: unknown, status = 200) => {
  const fetchMock = vi.fn<typeof fetch>(() => Promise.resolve(Response.json(body, { status })));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
};

const catchError = (promise: Promise<unknown>): Promise<unknown> =>
  promise.then(
    () => null,
    (error: unknown) => error,
  );

afterEach(() => {
  window.sessionStorage.clear();
});

describe('apiRequest', () => {
  it('sends the session token and merchant code and returns the checked value', async () => {
    window.sessionStorage.setItem('token', 'tok-1');
    window.localStorage.setItem('merchantCode', 'BRAND1');
    const fetchMock = answerWith({ success: true, value: { greeting: 'hi' }, message: 'OK' });

    const value = await apiRequest('/hello', greetingResponseSchema, {
      query: { page: 2, empty: undefined },
    });

    expect(value).toEqual({ greeting: 'hi' });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/wps/hello?page=2');
    const headers = new Headers(init?.headers);
    expect(headers.get('authorization')).toBe('Bearer tok-1');
    expect(headers.get('x-merchant-code')).toBe('BRAND1');
  });

  it('sends neither header before they are known', async () => {
    const fetchMock = answerWith({ success: true, value: { greeting: 'hi' }, message: 'OK' });

    await apiRequest('/hello', greetingResponseSchema);

    const headers = new Headers(fetchMock.mock.calls[0]?.[1]?.headers);
    expect(headers.has('authorization')).toBe(false);
    expect(headers.has('x-merchant-code')).toBe(false);
  });

  it('throws the server code and message of a failure envelope', async () => {
    answerWith({ success: false, value: null, message: 'Please log in.', code: 'UNAUTHORIZED' }, 401);

    const error = await catchError(apiRequest('/hello', greetingResponseSchema));

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'UNAUTHORIZED', message: 'Please log in.' });
  });

  it('throws NETWORK_ERROR when the request cannot be made', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(() => Promise.reject(new TypeError('Failed to fetch'))),
    );

    await expect(apiRequest('/hello', greetingResponseSchema)).rejects.toMatchObject({
      code: 'NETWORK_ERROR',
    });
  });

  it('throws INVALID_RESPONSE when the answer breaks the contract', async () => {
    answerWith({ success: true, value: { greeting: 42 }, message: 'OK' });

    await expect(apiRequest('/hello', greetingResponseSchema)).rejects.toMatchObject({
      code: 'INVALID_RESPONSE',
    });
  });

  it('reads the captcha flag and field issues of a failure', async () => {
    answerWith(
      {
        success: false,
        value: { captcha: true, issues: [{ field: 'username', message: 'Taken.' }] },
        message: 'Incorrect username or password.',
        code: 'INVALID_CREDENTIALS',
      },
      401,
    );

    const error = await catchError(apiRequest('/hello', greetingResponseSchema));

    expect(error).toMatchObject({
      code: 'INVALID_CREDENTIALS',
      isCaptchaRequired: true,
      issues: [{ field: 'username', message: 'Taken.' }],
    });
  });

  it('sends a form body url-encoded', async () => {
    const fetchMock = answerWith({ success: true, value: { greeting: 'hi' }, message: 'OK' });

    await apiRequest('/hello', greetingResponseSchema, {
      method: 'POST',
      form: { username: 'a b', email: 'x@y.z' },
    });

    const init = fetchMock.mock.calls[0]?.[1];
    expect(new Headers(init?.headers).get('content-type')).toBe('application/x-www-form-urlencoded');
    expect(init?.body).toBe('username=a+b&email=x%40y.z');
    expect(init?.credentials).toBe('same-origin');
  });
});
