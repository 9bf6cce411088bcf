import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { SitePermission } from '../../site/api/get-permission';
import { buildMemberInfo, fail, mockApi, ok } from '../../../testing/mock-api';
import { buildSitePermission, fieldRule } from '../../../testing/permission-fixture';
import { renderApp } from '../../../testing/render-app';

let permission: SitePermission;

beforeEach(async () => {
  permission = await buildSitePermission();
  permission.info.register.fields.password = fieldRule({
    patternId: 6,
    acceptedPattern: '^(?=.*[A-Za-z])(?=.*[0-9])[A-Za-z0-9]+$',
    minLength: 6,
    maxLength: 20,
  });
  window.sessionStorage.setItem('token', 'tok-1');
  window.sessionStorage.setItem('cpw', '1');
});

const type = (label: string, value: string) => {
  fireEvent.change(screen.getByLabelText(label, { selector: 'input' }), { target: { value } });
};

describe('forced password change', () => {
  it('stays up across a reload, shows the first error per field and goes home once changed', async () => {
    const api = mockApi({
      'GET /wps/member/info': ok(buildMemberInfo()),
      'POST /wps/member/password': ok(null),
    });
    renderApp('/promotions', permission);

    expect(await screen.findByTestId('forced-change-password-modal')).toBeTruthy();
    fireEvent.click(screen.getByTestId('change-password-submit'));
    expect(screen.getByTestId('change-old-password-error').textContent).toBe('Input cannot be empty.');
    expect(screen.getByTestId('change-new-password-error').textContent).toBe('Input cannot be empty.');
    expect(screen.getByTestId('change-confirm-password-error').textContent).toBe('Input cannot be empty.');

    type('Current password', 'default1');
    type('New password', 'short');
    type('Confirm new password', 'other');
    fireEvent.click(screen.getByTestId('change-password-submit'));
    expect(screen.getByTestId('change-new-password-error').textContent).toBe(
      'Please fill in your password with 8-128 characters.',
    );
    expect(screen.getByTestId('change-confirm-password-error').textContent).toBe(
      'Incorrect confirmation input.',
    );

    type('New password', 'Password1');
    type('Confirm new password', 'Password1');
    fireEvent.click(screen.getByTestId('change-password-submit'));
    expect(screen.getByTestId('change-new-password-error').textContent).toBe(
      'This password is one of the most common; please choose another.',
    );

    type('New password', 'secret123');
    type('Confirm new password', 'secret123');
    fireEvent.click(screen.getByTestId('change-password-submit'));

    await waitFor(() => {
      expect(screen.queryByTestId('forced-change-password-modal')).toBeNull();
    });
    expect(window.location.pathname).toBe('/');
    expect(window.sessionStorage.getItem('cpw')).toBeNull();
    expect(api.requestsTo('POST /wps/member/password')[0]?.body).toEqual({
      oldPassword: 'default1',
      newPassword: 'secret123',
      confirmNewPassword: 'secret123',
    });
    // The member info is reloaded after the change.
    expect(api.requestsTo('GET /wps/member/info').length).toBeGreaterThanOrEqual(2);
  });

  it('puts a wrong old password beside its field', async () => {
    mockApi({
      'GET /wps/member/info': ok(buildMemberInfo()),
      'POST /wps/member/password': fail('OLD_PASSWORD_WRONG'),
    });
    renderApp('/', permission);
    await screen.findByTestId('forced-change-password-modal');

    type('Current password', 'wrong1');
    type('New password', 'secret123');
    type('Confirm new password', 'secret123');
    fireEvent.click(screen.getByTestId('change-password-submit'));

    expect((await screen.findByTestId('change-old-password-error')).textContent).toBe(
      'The old password is not correct.',
    );
    expect(screen.getByTestId('forced-change-password-modal')).toBeTruthy();
  });
});
