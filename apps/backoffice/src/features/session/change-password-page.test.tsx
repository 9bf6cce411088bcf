import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { demoStaff, fail, mockApi, ok, signIn, type MockRequest } from '../../testing/mock-api';
import { renderConsole } from '../../testing/render-console';

const emptyList = ok({ list: [], totalPages: 1 });

const fillPasswords = (oldPassword: string, newPassword: string, confirmPassword = newPassword) => {
  fireEvent.change(screen.getByTestId('password-old'), { target: { value: oldPassword } });
  fireEvent.change(screen.getByTestId('password-new'), { target: { value: newPassword } });
  fireEvent.change(screen.getByTestId('password-confirm'), { target: { value: confirmPassword } });
  fireEvent.click(screen.getByTestId('password-submit'));
};

describe('staff password change', () => {
  it('while the server asks for a new password, the change is the only screen; then the console opens', async () => {
    signIn();
    let mustChangePassword = true;
    const api = mockApi({
      'GET /wps/backoffice/session/me': () => ok({ ...demoStaff, mustChangePassword }),
      'POST /wps/backoffice/session/password': () => {
        mustChangePassword = false;
        return ok(null);
      },
      'GET /wps/backoffice/deposits': emptyList,
    });
    renderConsole('/deposits');

    expect(await screen.findByTestId('forced-password')).toBeTruthy();
    expect(screen.queryByTestId('nav-deposits')).toBeNull();
    expect(screen.queryByTestId('nav-password')).toBeNull();
    expect(api.requestsTo('GET /wps/backoffice/deposits')).toHaveLength(0);

    fillPasswords('Tmp-4f9a-22', 'a long new staff passphrase');

    expect(await screen.findByTestId('nav-deposits')).toBeTruthy();
    expect(api.requestsTo('POST /wps/backoffice/session/password')[0]?.body).toEqual({
      oldPassword: 'Tmp-4f9a-22',
      newPassword: 'a long new staff passphrase',
    });
    await waitFor(() => {
      expect(api.requestsTo('GET /wps/backoffice/deposits')).toHaveLength(1);
    });
  });

  it('a call refused with PASSWORD_CHANGE_REQUIRED reads the profile again and shows the change screen', async () => {
    signIn();
    let meCalls = 0;
    mockApi({
      'GET /wps/backoffice/session/me': () => {
        meCalls += 1;
        return ok({ ...demoStaff, mustChangePassword: meCalls > 1 });
      },
      'GET /wps/backoffice/deposits': fail('PASSWORD_CHANGE_REQUIRED'),
    });
    renderConsole('/deposits');

    expect(await screen.findByTestId('forced-password')).toBeTruthy();
    expect(screen.queryByTestId('nav-deposits')).toBeNull();
  });

  it('from the menu at any time: checks the new password twice before sending, and says when it is done', async () => {
    signIn();
    const api = mockApi({
      'GET /wps/backoffice/session/me': ok(demoStaff),
      'GET /wps/backoffice/deposits': emptyList,
      'POST /wps/backoffice/session/password': ({ body }: MockRequest) =>
        (body as { oldPassword: string }).oldPassword === 'current password'
          ? ok(null)
          : fail('OLD_PASSWORD_WRONG'),
    });
    renderConsole('/deposits');

    fireEvent.click(await screen.findByTestId('nav-password'));
    fillPasswords('current password', 'a long new staff passphrase', 'a long new staff passphrasE');
    expect(screen.getByTestId('password-problem').textContent).toContain('not the same');
    fillPasswords('current password', 'short');
    expect(screen.getByTestId('password-problem').textContent).toContain('8 to 128');
    expect(api.requestsTo('POST /wps/backoffice/session/password')).toHaveLength(0);

    fillPasswords('wrong password', 'a long new staff passphrase');
    expect((await screen.findByTestId('password-error')).textContent).toContain(
      'The old password is not correct.',
    );

    fillPasswords('current password', 'a long new staff passphrase');
    expect(await screen.findByTestId('password-changed')).toBeTruthy();
    expect(api.requestsTo('POST /wps/backoffice/session/password')).toHaveLength(2);
    expect(screen.getByTestId('staff-name')).toBeTruthy();
  });
});
