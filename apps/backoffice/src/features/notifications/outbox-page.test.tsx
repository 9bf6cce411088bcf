import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, mockApi, ok, signedInRoutes, signIn, staffOfPreset } from '../../testing/mock-api';
import { renderConsole } from '../../testing/render-console';

const sms = {
  id: '7',
  channel: 'sms',
  recipient: '+923001234567',
  subject: null,
  body: 'Your verification code is 482913',
  provider: 'outbox',
  status: 'stored',
  createdAt: '2025-05-01T11:00:00.000Z',
};

describe('the development outbox (issue 30, point 5)', () => {
  it('lists the newest messages with their codes for an admin, and narrows to a channel', async () => {
    signIn();
    const api = mockApi({
      ...signedInRoutes,
      'GET /wps/backoffice/outbox': ({ url }) =>
        ok({ messages: url.searchParams.get('channel') === 'email' ? [] : [sms] }),
    });
    renderConsole('/outbox');

    const row = await screen.findByTestId('outbox-message-7');
    expect(row.textContent).toContain('+923001234567');
    expect(row.textContent).toContain('Your verification code is 482913');
    expect(
      within(screen.getByRole('navigation', { name: 'Sections' })).getByTestId('nav-outbox'),
    ).toBeTruthy();

    fireEvent.change(screen.getByTestId('outbox-channel'), { target: { value: 'email' } });
    expect(await screen.findByTestId('outbox-empty')).toBeTruthy();
    expect(api.requestsTo('GET /wps/backoffice/outbox').at(-1)?.url.searchParams.get('channel')).toBe(
      'email',
    );
  });

  it('says there is no outbox once the brand sends through real providers', async () => {
    signIn();
    mockApi({ ...signedInRoutes, 'GET /wps/backoffice/outbox': fail('NOT_FOUND') });
    renderConsole('/outbox');

    expect(await screen.findByTestId('outbox-unavailable')).toBeTruthy();
    expect(screen.queryByTestId('outbox-table')).toBeNull();
  });

  it('is not offered to other roles and asks the server nothing for them', async () => {
    signIn();
    const api = mockApi({
      'GET /wps/backoffice/session/me': ok(staffOfPreset('finance')),
      'GET /wps/backoffice/outbox': ok({ messages: [sms] }),
    });
    renderConsole('/outbox');

    expect(await screen.findByTestId('not-permitted')).toBeTruthy();
    await waitFor(() => {
      expect(screen.getByTestId('nav-withdrawals')).toBeTruthy();
    });
    expect(screen.queryByTestId('nav-outbox')).toBeNull();
    expect(api.requestsTo('GET /wps/backoffice/outbox')).toHaveLength(0);
  });
});
