import { screen, waitFor, within } from '@testing-library/react';
import { permissions } from '@wps/contracts/staff-permissions';
import { describe, expect, it } from 'vitest';
import { buildDeposit } from '../testing/fixtures';
import { mockApi, ok, signIn, staffWith } from '../testing/mock-api';
import { renderConsole } from '../testing/render-console';
import { consoleSections } from './sections';

const navTestId = (path: string) => `nav-${path.slice(1)}`;
const meKey = 'GET /wps/backoffice/session/me';

/** The section entries the navigation shows, by path. */
const shownSections = async () => {
  const nav = await screen.findByRole('navigation', { name: 'Sections' });
  return consoleSections
    .filter((section) => within(nav).queryByTestId(navTestId(section.path)) !== null)
    .map((section) => section.path);
};

describe('the console follows the staff member’s permissions', () => {
  it.each(consoleSections)('$path: shown and opened with $permission', async ({ path, permission }) => {
    signIn();
    mockApi({ [meKey]: ok(staffWith([permission])) });
    renderConsole(path);

    await waitFor(async () => {
      expect(await shownSections()).toEqual(
        consoleSections.filter((section) => section.permission === permission).map((section) => section.path),
      );
    });
    expect(screen.queryByTestId('not-permitted')).toBeNull();
  });

  it.each(consoleSections)(
    '$path: hidden, and "not permitted" by its address, without $permission',
    async ({ path, permission }) => {
      signIn();
      const api = mockApi({
        [meKey]: ok(staffWith(permissions.filter((held) => held !== permission))),
      });
      renderConsole(path);

      expect(await screen.findByTestId('not-permitted')).toBeTruthy();
      expect(await shownSections()).not.toContain(path);
      // The screen never mounted: nothing of it was asked of the server.
      expect(api.requests.map((request) => `${request.method} ${request.url.pathname}`)).toEqual([meKey]);
    },
  );

  it('opens on the first section the role allows, or says there is none', async () => {
    signIn();
    mockApi({ [meKey]: ok(staffWith(['members.view', 'content.view'])) });
    const { unmount } = renderConsole('/');
    expect(await screen.findByRole('heading', { name: 'Members' })).toBeTruthy();
    expect(window.location.pathname).toBe('/backoffice/members');
    unmount();

    mockApi({ [meKey]: ok(staffWith([])) });
    renderConsole('/');
    expect(await screen.findByTestId('no-sections')).toBeTruthy();
    expect(await shownSections()).toEqual([]);
  });

  it('groups the sections by area, and shows only the areas the role reaches', async () => {
    signIn();
    mockApi({ [meKey]: ok(staffWith(['deposits.view', 'money.approve', 'members.view', 'audit.view'])) });
    renderConsole('/deposits');
    const nav = await screen.findByRole('navigation', { name: 'Sections' });
    await waitFor(() => {
      expect(
        within(nav)
          .getAllByRole('list')
          .map((list) => list.getAttribute('aria-labelledby')),
      ).toEqual(['nav-group-money', 'nav-group-players', 'nav-group-administration']);
    });
    const money = within(nav).getByRole('list', { name: 'Money' });
    expect(
      within(money)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Deposits', 'Approvals']);
    expect(
      within(within(nav).getByRole('list', { name: 'Administration' })).getByRole('link').textContent,
    ).toBe('Audit');
  });

  it('hides the actions a role lacks on a screen it may open (deposits without deposits.approve)', async () => {
    signIn();
    const deposit = buildDeposit({ id: '41', proofUploadId: '7' });
    mockApi({
      [meKey]: ok(staffWith(['deposits.view'])),
      'GET /wps/backoffice/deposits': ok({ list: [deposit], totalPages: 1 }),
    });
    renderConsole('/deposits');
    const row = await screen.findByTestId('deposit-row-41');
    expect(within(row).queryAllByRole('button')).toEqual([]);
    // The proof is an upload: without uploads.view it is not offered either.
    expect(screen.queryByTestId('deposit-proof-41')).toBeNull();
  });

  it('shows them with the permission', async () => {
    signIn();
    mockApi({
      [meKey]: ok(staffWith(['deposits.view', 'deposits.approve'])),
      'GET /wps/backoffice/deposits': ok({ list: [buildDeposit({ id: '42' })], totalPages: 1 }),
    });
    renderConsole('/deposits');
    const row = await screen.findByTestId('deposit-row-42');
    expect(
      within(row)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Approve', 'Reject']);
  });
});
