import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { demoStaff, fail, mockApi, ok, signIn, signedInRoutes } from '../../testing/mock-api';
import { renderConsole } from '../../testing/render-console';

const emptyList = ok({ list: [], totalPages: 1 });

describe('staff sign-in', () => {
  it('stores the staff token under its own key and sends it with every call', async () => {
    const api = mockApi({
      'POST /wps/backoffice/session/login': ok({
        token: 'staff-token-9',
        expiresAt: '2030-01-01T00:00:00.000Z',
        staff: demoStaff,
      }),
      'GET /wps/backoffice/deposits': emptyList,
    });
    renderConsole('/deposits');

    fireEvent.change(await screen.findByTestId('login-username'), { target: { value: ' operator ' } });
    fireEvent.change(screen.getByTestId('login-password'), { target: { value: 'Operator#2025' } });
    fireEvent.click(screen.getByTestId('login-submit'));

    expect((await screen.findByTestId('staff-name')).textContent).toContain('Operator (admin)');
    expect(api.requestsTo('POST /wps/backoffice/session/login')[0]?.body).toEqual({
      username: 'operator',
      password: 'Operator#2025',
    });
    expect(window.sessionStorage.getItem('staffToken')).toBe('staff-token-9');
    expect(window.sessionStorage.getItem('token')).toBeNull();
    await waitFor(() => {
      expect(api.requestsTo('GET /wps/backoffice/deposits')).toHaveLength(1);
    });
    const [listCall] = api.requestsTo('GET /wps/backoffice/deposits');
    expect(listCall?.headers.get('authorization')).toBe('Bearer staff-token-9');
    expect(listCall?.url.searchParams.get('status')).toBe('pending');
  });

  it("shows the server's message when the sign-in is refused", async () => {
    mockApi({ 'POST /wps/backoffice/session/login': fail('UNAUTHORIZED', 'Wrong username or password.') });
    renderConsole('/login');

    fireEvent.change(await screen.findByTestId('login-username'), { target: { value: 'operator' } });
    fireEvent.change(screen.getByTestId('login-password'), { target: { value: 'nope' } });
    fireEvent.click(screen.getByTestId('login-submit'));

    expect((await screen.findByTestId('login-error')).textContent).toContain('Wrong username or password.');
    expect(window.sessionStorage.getItem('staffToken')).toBeNull();
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
