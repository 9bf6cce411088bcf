import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { demoStaff, fail, mockApi, ok, signIn, signedInRoutes } from '../../testing/mock-api';
import { renderConsole } from '../../testing/render-console';

const emptyList = ok({ list: [], totalPages: 1 });
const session = { token: 'staff-token-9', expiresAt: '2030-01-01T00:00:00.000Z', staff: demoStaff };
const recoveryCodes = ['k3v9-xq2m', 'p7rt-4wza', 'b2nc-9hye'];

const enterPassword = async (username: string, password: string) => {
  fireEvent.change(await screen.findByTestId('login-username'), { target: { value: username } });
  fireEvent.change(screen.getByTestId('login-password'), { target: { value: password } });
  fireEvent.click(screen.getByTestId('login-submit'));
};

const enterCode = async (code: string) => {
  fireEvent.change(await screen.findByTestId('login-code'), { target: { value: code } });
  fireEvent.click(screen.getByTestId('login-code-submit'));
};

describe('staff sign-in', () => {
  it('asks for the authenticator code after the password, then keeps the session it opens', async () => {
    const api = mockApi({
      'POST /wps/backoffice/session/login': ok({ stage: 'totp', challenge: 'challenge-1' }),
      'POST /wps/backoffice/session/verify': ok(session),
      'GET /wps/backoffice/deposits': emptyList,
    });
    renderConsole('/deposits');

    await enterPassword(' operator ', 'correct horse battery');
    expect(await screen.findByTestId('login-code')).toBeTruthy();
    expect(screen.queryByTestId('enrol-secret')).toBeNull();
    // The password alone opens nothing.
    expect(window.sessionStorage.getItem('staffToken')).toBeNull();
    expect(api.requestsTo('POST /wps/backoffice/session/login')[0]?.body).toEqual({
      username: 'operator',
      password: 'correct horse battery',
    });

    await enterCode(' 123456 ');

    expect((await screen.findByTestId('staff-name')).textContent).toContain('Operator (Admin)');
    expect(api.requestsTo('POST /wps/backoffice/session/verify')[0]?.body).toEqual({
      challenge: 'challenge-1',
      code: '123456',
    });
    expect(window.sessionStorage.getItem('staffToken')).toBe('staff-token-9');
    expect(window.sessionStorage.getItem('token')).toBeNull();
    await waitFor(() => {
      expect(api.requestsTo('GET /wps/backoffice/deposits')).toHaveLength(1);
    });
    const [listCall] = api.requestsTo('GET /wps/backoffice/deposits');
    expect(listCall?.headers.get('authorization')).toBe('Bearer staff-token-9');
    expect(listCall?.url.searchParams.get('status')).toBe('pending');
    // The profile came with the session: the console does not ask for it again.
    expect(api.requestsTo('GET /wps/backoffice/session/me')).toHaveLength(0);
  });

  it('accepts a recovery code in place of the authenticator code', async () => {
    const api = mockApi({
      'POST /wps/backoffice/session/login': ok({ stage: 'totp', challenge: 'challenge-2' }),
      'POST /wps/backoffice/session/verify': ok(session),
      'GET /wps/backoffice/deposits': emptyList,
    });
    renderConsole('/login');

    await enterPassword('operator', 'correct horse battery');
    await enterCode('k3v9-xq2m');

    expect(await screen.findByTestId('staff-name')).toBeTruthy();
    expect(api.requestsTo('POST /wps/backoffice/session/verify')[0]?.body).toEqual({
      challenge: 'challenge-2',
      code: 'k3v9-xq2m',
    });
  });

  it('enrols: QR code and key to type, the first code, then the recovery codes once before the session', async () => {
    const writeText = vi.fn<(text: string) => Promise<void>>(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    onTestFinished(() => {
      Reflect.deleteProperty(navigator, 'clipboard');
    });
    const createObjectURL = vi.spyOn(URL, 'createObjectURL');
    // jsdom cannot follow a download link; the link's click is enough.
    const downloadClick = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const api = mockApi({
      'POST /wps/backoffice/session/login': ok({
        stage: 'enrol',
        challenge: 'challenge-3',
        secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
        otpauthUrl: 'otpauth://totp/WPS:operator?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=WPS',
        qrCodeDataUrl: 'data:image/png;base64,iVBORw0KGgo=',
      }),
      'POST /wps/backoffice/session/verify': ok({ ...session, recoveryCodes }),
      'GET /wps/backoffice/deposits': emptyList,
    });
    renderConsole('/deposits');

    await enterPassword('operator', 'temporary-password');
    expect((await screen.findByTestId('enrol-qr')).getAttribute('src')).toBe(
      'data:image/png;base64,iVBORw0KGgo=',
    );
    expect(screen.getByTestId('enrol-secret').textContent.replace(/\s/g, '')).toBe(
      'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
    );

    // Enrolment needs a code from the app: six digits, checked before anything is sent.
    await enterCode('k3v9-xq2m');
    expect(screen.getByTestId('login-code-problem').textContent).toContain('6-digit');
    expect(api.requestsTo('POST /wps/backoffice/session/verify')).toHaveLength(0);

    await enterCode('654 321');
    const list = await screen.findByTestId('recovery-codes');
    expect(api.requestsTo('POST /wps/backoffice/session/verify')[0]?.body).toEqual({
      challenge: 'challenge-3',
      code: '654321',
    });
    for (const code of recoveryCodes) expect(list.textContent).toContain(code);
    // The session waits until the codes are kept.
    expect(window.sessionStorage.getItem('staffToken')).toBeNull();
    expect(screen.queryByTestId('staff-name')).toBeNull();

    fireEvent.click(screen.getByTestId('recovery-copy'));
    expect(writeText).toHaveBeenCalledWith(`${recoveryCodes.join('\n')}\n`);
    fireEvent.click(screen.getByTestId('recovery-download'));
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    expect(downloadClick).toHaveBeenCalledTimes(1);

    const proceed = screen.getByTestId<HTMLButtonElement>('recovery-continue');
    expect(proceed.disabled).toBe(true);
    fireEvent.click(screen.getByTestId('recovery-saved'));
    fireEvent.click(proceed);

    expect(await screen.findByTestId('staff-name')).toBeTruthy();
    expect(window.sessionStorage.getItem('staffToken')).toBe('staff-token-9');
    expect(screen.queryByTestId('recovery-codes')).toBeNull();
  });

  it("shows the server's message when the password is refused", async () => {
    mockApi({ 'POST /wps/backoffice/session/login': fail('UNAUTHORIZED', 'Wrong username or password.') });
    renderConsole('/login');

    await enterPassword('operator', 'nope');

    expect((await screen.findByTestId('login-error')).textContent).toContain('Wrong username or password.');
    expect(screen.queryByTestId('login-code')).toBeNull();
    expect(window.sessionStorage.getItem('staffToken')).toBeNull();
  });

  it("shows the server's message for a wrong code, and goes back to the password for a new challenge", async () => {
    const api = mockApi({
      'POST /wps/backoffice/session/login': ok({ stage: 'totp', challenge: 'challenge-4' }),
      'POST /wps/backoffice/session/verify': fail('UNAUTHORIZED', 'The code is not correct.'),
    });
    renderConsole('/login');

    await enterPassword('operator', 'correct horse battery');
    await enterCode('000000');

    expect((await screen.findByTestId('login-code-error')).textContent).toContain('The code is not correct.');
    expect(window.sessionStorage.getItem('staffToken')).toBeNull();

    fireEvent.click(screen.getByTestId('login-restart'));
    await enterPassword('operator', 'correct horse battery');
    expect(await screen.findByTestId('login-code')).toBeTruthy();
    expect(api.requestsTo('POST /wps/backoffice/session/login')).toHaveLength(2);
  });

  it('signs out: the session is ended on the server and the token forgotten', async () => {
    signIn('staff-token-1');
    const api = mockApi({
      ...signedInRoutes,
      'GET /wps/backoffice/deposits': emptyList,
      'DELETE /wps/backoffice/session/logout': ok(null),
    });
    renderConsole('/deposits');

    fireEvent.click(await screen.findByTestId('sign-out'));

    expect(await screen.findByTestId('login-submit')).toBeTruthy();
    expect(api.requestsTo('DELETE /wps/backoffice/session/logout')[0]?.headers.get('authorization')).toBe(
      'Bearer staff-token-1',
    );
    expect(window.sessionStorage.getItem('staffToken')).toBeNull();
  });

  it('goes back to the sign-in when the session has expired', async () => {
    signIn('expired');
    mockApi({
      'GET /wps/backoffice/session/me': fail('UNAUTHORIZED'),
      'GET /wps/backoffice/deposits': emptyList,
    });
    renderConsole('/withdrawals');

    expect(await screen.findByTestId('login-submit')).toBeTruthy();
    expect(window.sessionStorage.getItem('staffToken')).toBeNull();
  });
});
