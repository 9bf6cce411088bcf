import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiFetch, apiRequest } from './api-client';

type Greeting = { greeting: string };

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

    const value = await apiRequest<Greeting>('/hello', {
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

    await apiRequest<Greeting>('/hello');

    const headers = new Headers(fetchMock.mock.calls[0]?.[1]?.headers);
    expect(headers.has('authorization')).toBe(false);
    expect(headers.has('x-merchant-code')).toBe(false);
  });

  it('throws the server code and message of a failure envelope', async () => {
    answerWith({ success: false, value: null, message: 'Please log in.', code: 'UNAUTHORIZED' }, 401);

    const error = await catchError(apiRequest<Greeting>('/hello'));

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'UNAUTHORIZED', message: 'Please log in.' });
  });

  it('throws NETWORK_ERROR when the request cannot be made', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(() => Promise.reject(new TypeError('Failed to fetch'))),
    );

    await expect(apiRequest<Greeting>('/hello')).rejects.toMatchObject({
      code: 'NETWORK_ERROR',
    });
  });

  it.each([
    ['a bare value', { greeting: 'hi' }],
    ['an array', [{ success: true, value: 1 }]],
    ['null', null],
    ['a success without its value', { success: true, message: 'OK' }],
    [
      'a failure with a code the contract does not know',
      { success: false, value: null, message: 'x', code: 'NOPE' },
    ],
  ])('throws INVALID_RESPONSE when the answer is not an envelope: %s', async (_name, answer) => {
    answerWith(answer);

    await expect(apiRequest<Greeting>('/hello')).rejects.toMatchObject({
      code: 'INVALID_RESPONSE',
    });
  });

  it('throws INVALID_RESPONSE when the answer is not JSON', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(() => Promise.resolve(new Response('<html></html>', { status: 200 }))),
    );

    await expect(apiRequest<Greeting>('/hello')).rejects.toMatchObject({ code: 'INVALID_RESPONSE' });
  });

  it('takes the value of a success envelope as the server sent it', async () => {
    answerWith({ success: true, value: { greeting: 'hi', extra: 1 }, message: 'OK' });

    await expect(apiRequest<Greeting>('/hello')).resolves.toEqual({ greeting: 'hi', extra: 1 });
  });

  it('falls back to the code when a failure has no message, and ignores malformed details', async () => {
    answerWith(
      {
        success: false,
        value: { issues: [{ field: 1 }, { field: 'mobile', message: 'Bad.' }], captcha: 'yes' },
        message: '',
        code: 'VALIDATION_FAILED',
      },
      400,
    );

    const error = await catchError(apiRequest<Greeting>('/hello'));

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      code: 'VALIDATION_FAILED',
      // The screens show errors.<code> in the visitor's language; the English texts stay out of the site.
      message: 'VALIDATION_FAILED',
      isCaptchaRequired: false,
      issues: [{ field: 'mobile', message: 'Bad.' }],
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

    const error = await catchError(apiRequest<Greeting>('/hello'));

    expect(error).toMatchObject({
      code: 'INVALID_CREDENTIALS',
      isCaptchaRequired: true,
      issues: [{ field: 'username', message: 'Taken.' }],
    });
  });

  it('sends a form body url-encoded', async () => {
    const fetchMock = answerWith({ success: true, value: { greeting: 'hi' }, message: 'OK' });

    await apiRequest<Greeting>('/hello', {
      method: 'POST',
      form: { username: 'a b', email: 'x@y.z' },
    });

    const init = fetchMock.mock.calls[0]?.[1];
    expect(new Headers(init?.headers).get('content-type')).toBe('application/x-www-form-urlencoded');
    expect(init?.body).toBe('username=a+b&email=x%40y.z');
    expect(init?.credentials).toBe('same-origin');
  });
});

describe('apiFetch', () => {
  it('throws the code of a failure envelope', async () => {
    answerWith({ success: false, value: null, message: 'Please log in.', code: 'UNAUTHORIZED' }, 401);

    await expect(apiFetch('/report.csv', { accept: 'text/csv' })).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
      message: 'Please log in.',
    });
  });

  it('throws NETWORK_ERROR when a failed answer is not an envelope', async () => {
    answerWith({ oops: true }, 502);

    await expect(apiFetch('/report.csv', { accept: 'text/csv' })).rejects.toMatchObject({
      code: 'NETWORK_ERROR',
    });
  });
});
