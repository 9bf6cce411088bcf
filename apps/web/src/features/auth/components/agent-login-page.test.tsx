import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { SitePermission } from '../../site/api/get-permission';
import { buildMemberInfo, buildSession, fail, mockApi, ok } from '../../../testing/mock-api';
import { buildSitePermission, whitelabelWith } from '../../../testing/permission-fixture';
import { renderApp } from '../../../testing/render-app';

let permission: SitePermission;

beforeEach(async () => {
  permission = await buildSitePermission();
  permission.info.whitelabel = whitelabelWith(['GOOGLELOGIN3', 'FACEBOOKLOGIN3', 'FREEPLAY3']);
});

const type = (label: string, value: string) => {
  fireEvent.change(screen.getByLabelText(label, { selector: 'input' }), { target: { value } });
};

describe('agent login page', () => {
  it('is full screen with the support hours and no social sign-in, free play or sign-up', async () => {
    renderApp('/agent', permission);

    const page = await screen.findByTestId('agent-login-page');
    expect(page.textContent).toContain('Monday to Friday, noon to 9pm');
    expect(screen.queryByRole('banner')).toBeNull();
    expect(screen.queryByTestId('social-login')).toBeNull();
    expect(screen.queryByTestId('free-play-link')).toBeNull();
    expect(screen.queryByTestId('register-link')).toBeNull();
  });

  it('logs an agent in with loginArea agent and opens the agent centre', async () => {
    const api = mockApi({
      'POST /wps/session/login': ok(buildSession()),
      'GET /wps/member/info': ok(buildMemberInfo({ type: 1, isAgent: true })),
    });
    renderApp('/agent', permission);
    await screen.findByTestId('agent-login-page');

    type('Username', 'agent01');
    type('Password', 'secret123');
    fireEvent.click(screen.getByTestId('login-submit'));

    expect(await screen.findByTestId('agent-home-page')).toBeTruthy();
    expect(window.location.pathname).toBe('/agentHome');
    expect(api.requestsTo('POST /wps/session/login')[0]?.body).toMatchObject({ loginArea: 'agent' });
  });

  it('shows the refusal of a non-agent', async () => {
    mockApi({ 'POST /wps/session/login': fail('NON_AGENT_LOGIN') });
    renderApp('/agent', permission);
    await screen.findByTestId('agent-login-page');

    type('Username', 'player01');
    type('Password', 'secret123');
    fireEvent.click(screen.getByTestId('login-submit'));

    expect((await screen.findByTestId('form-error')).textContent).toBe('Non-agents cannot log in.');
    expect(window.location.pathname).toBe('/agent');
  });

  it('signs an agent out of the centre back to /agent', async () => {
    window.sessionStorage.setItem('token', 'agent-token');
    const api = mockApi({
      'GET /wps/member/info': ok(buildMemberInfo({ type: 42, isAgent: true })),
      'DELETE /wps/session/logout': ok(null),
    });
    renderApp('/agentHome', permission);

    fireEvent.click(await screen.findByTestId('logout-button'));
    fireEvent.click(await screen.findByTestId('dialog-confirm'));

    expect(await screen.findByTestId('agent-login-page')).toBeTruthy();
    await waitFor(() => {
      expect(window.location.pathname).toBe('/agent');
    });
    expect(api.requestsTo('DELETE /wps/session/logout')).toHaveLength(1);
    expect(window.sessionStorage.getItem('token')).toBeNull();
  });
});
