import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AdminAnnouncement } from '@wps/contracts/content';
import { describe, expect, it } from 'vitest';
import { mockApi, ok, signIn, signedInRoutes, staffWith } from '../../testing/mock-api';
import { renderConsole } from '../../testing/render-console';

const buildAnnouncement = (overrides: Partial<AdminAnnouncement> = {}): AdminAnnouncement => ({
  id: '1',
  type: 'PL',
  title: 'Maintenance tonight',
  content: '<p>From 02:00</p>',
  startDate: '2020-01-01T00:00:00.000Z',
  endDate: null,
  execution: 'B',
  promotionType: null,
  language: 'ALL',
  platform: 'W',
  isEnabled: true,
  ...overrides,
});

const listKey = 'GET /wps/backoffice/content/announcements';

describe('notices and popups', () => {
  it('lists each kind on its own tab with its target and schedule', async () => {
    signIn();
    mockApi({
      ...signedInRoutes,
      [listKey]: ok({
        list: [
          buildAnnouncement(),
          buildAnnouncement({ id: '2', type: 'PU', title: 'Welcome popup', execution: 'A' }),
          buildAnnouncement({ id: '3', type: 'PR', title: 'Weekend promo', isEnabled: false }),
        ],
      }),
    });
    renderConsole('/announcements');

    const marquee = await screen.findByTestId('announcement-row-1');
    expect(marquee.textContent).toContain('Guests (not logged in)');
    expect(marquee.textContent).toContain('Showing');
    expect(screen.queryByTestId('announcement-row-2')).toBeNull();

    fireEvent.click(screen.getByTestId('announcement-kind-PU'));
    expect((await screen.findByTestId('announcement-row-2')).textContent).toContain('Members (logged in)');
    fireEvent.click(screen.getByTestId('announcement-kind-PR'));
    expect((await screen.findByTestId('announcement-row-3')).textContent).toContain('Disabled');
    fireEvent.click(screen.getByTestId('announcement-kind-H'));
    expect(await screen.findByTestId('announcements-empty')).toBeTruthy();
  });

  it('creates a popup for members at their first login, with its schedule', async () => {
    signIn();
    const api = mockApi({
      ...signedInRoutes,
      [listKey]: ok({ list: [] }),
      'POST /wps/backoffice/content/announcements': ({ body }) =>
        ok({ ...buildAnnouncement(), ...(body as object), id: '5' }),
    });
    renderConsole('/announcements');

    fireEvent.click(await screen.findByTestId('announcement-kind-PU'));
    fireEvent.click(screen.getByTestId('announcement-new'));
    fireEvent.change(screen.getByTestId('announcement-execution'), { target: { value: 'F' } });
    fireEvent.change(screen.getByTestId('announcement-title'), { target: { value: 'First deposit bonus' } });
    fireEvent.change(screen.getByTestId('announcement-content'), { target: { value: '<p>100%</p>' } });
    fireEvent.change(screen.getByTestId('announcement-language'), { target: { value: 'UR' } });
    fireEvent.change(screen.getByTestId('announcement-startDate'), { target: { value: '2030-03-01T09:00' } });
    fireEvent.change(screen.getByTestId('announcement-endDate'), { target: { value: '2030-03-31T23:59' } });
    fireEvent.click(screen.getByTestId('announcement-save'));

    await waitFor(() => {
      expect(screen.queryByTestId('announcement-form')).toBeNull();
    });
    expect(api.requestsTo('POST /wps/backoffice/content/announcements')[0]?.body).toEqual({
      type: 'PU',
      title: 'First deposit bonus',
      content: '<p>100%</p>',
      startDate: new Date('2030-03-01T09:00').toISOString(),
      endDate: new Date('2030-03-31T23:59').toISOString(),
      execution: 'F',
      promotionType: null,
      language: 'UR',
      isEnabled: true,
    });
  });

  it('edits a notice, and refuses a missing start or an end before the start', async () => {
    signIn();
    const api = mockApi({
      ...signedInRoutes,
      [listKey]: ok({ list: [buildAnnouncement()] }),
      'PUT /wps/backoffice/content/announcements/1': ({ body }) =>
        ok({ ...buildAnnouncement(), ...(body as object) }),
    });
    renderConsole('/announcements');

    fireEvent.click(await screen.findByTestId('announcement-edit-1'));
    fireEvent.change(screen.getByTestId('announcement-startDate'), { target: { value: '' } });
    fireEvent.click(screen.getByTestId('announcement-save'));
    expect(await screen.findByTestId('announcement-startDate-invalid')).toBeTruthy();

    fireEvent.change(screen.getByTestId('announcement-startDate'), { target: { value: '2030-05-02T00:00' } });
    fireEvent.change(screen.getByTestId('announcement-endDate'), { target: { value: '2030-05-01T00:00' } });
    fireEvent.click(screen.getByTestId('announcement-save'));
    expect((await screen.findByTestId('announcement-endDate-invalid')).textContent).toContain(
      'after startDate',
    );
    expect(screen.queryByTestId('announcement-startDate-invalid')).toBeNull();
    expect(api.requestsTo('PUT /wps/backoffice/content/announcements/1')).toEqual([]);

    fireEvent.change(screen.getByTestId('announcement-endDate'), { target: { value: '' } });
    fireEvent.change(screen.getByTestId('announcement-title'), { target: { value: 'Maintenance moved' } });
    fireEvent.click(screen.getByTestId('announcement-save'));
    await waitFor(() => {
      expect(api.requestsTo('PUT /wps/backoffice/content/announcements/1')).toHaveLength(1);
    });
    expect(api.requestsTo('PUT /wps/backoffice/content/announcements/1')[0]?.body).toMatchObject({
      type: 'PL',
      title: 'Maintenance moved',
      startDate: new Date('2030-05-02T00:00').toISOString(),
      endDate: null,
    });
  });

  it('shows no changes without content.edit', async () => {
    signIn();
    mockApi({
      'GET /wps/backoffice/session/me': ok(staffWith(['content.view'])),
      [listKey]: ok({ list: [buildAnnouncement()] }),
    });
    renderConsole('/announcements');
    const row = await screen.findByTestId('announcement-row-1');
    expect(within(row).queryAllByRole('button')).toEqual([]);
    expect(screen.queryByTestId('announcement-new')).toBeNull();
  });
});
