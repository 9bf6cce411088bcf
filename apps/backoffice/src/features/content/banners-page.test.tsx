import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { type AdminBanner, bannerImagePath } from '@wps/contracts/content';
import { describe, expect, it } from 'vitest';
import { mockApi, ok, signIn, signedInRoutes, staffWith } from '../../testing/mock-api';
import { renderConsole } from '../../testing/render-console';

const buildBanner = (overrides: Partial<AdminBanner> = {}): AdminBanner => ({
  id: '1',
  groupName: 'w_home',
  imageUrl: '/banners/welcome.svg',
  linkageType: 'ROUTE',
  linkUrl: '/promotion',
  title: 'Welcome bonus',
  language: 'ALL',
  sortOrder: 0,
  activeFrom: null,
  activeTo: null,
  isEnabled: true,
  ...overrides,
});

const listKey = 'GET /wps/backoffice/content/banners';
const uploadId = '6f1c2a9e-3b4d-4e5f-8a7b-9c0d1e2f3a4b';

describe('banners', () => {
  it('lists the banners of a group in order, with their pictures, and switches groups', async () => {
    signIn();
    mockApi({
      ...signedInRoutes,
      [listKey]: ok({
        list: [
          buildBanner({ id: '2', title: 'Second', sortOrder: 5 }),
          buildBanner({ id: '1', title: 'First', sortOrder: 1 }),
          buildBanner({ id: '3', groupName: 'w_login', title: 'Login art', isEnabled: false }),
        ],
      }),
    });
    renderConsole('/banners');

    const table = await screen.findByTestId('banners-table');
    await waitFor(() => {
      expect(within(table).getAllByRole('row')).toHaveLength(3);
    });
    const rows = within(table).getAllByTestId(/^banner-row-/);
    expect(rows.map((row) => row.dataset.testid)).toEqual(['banner-row-1', 'banner-row-2']);
    expect(
      within(rows[0] ?? table)
        .getByRole('img')
        .getAttribute('src'),
    ).toBe('/banners/welcome.svg');
    expect(rows[0]?.textContent).toContain('Showing');

    fireEvent.click(screen.getByTestId('banner-group-w_login'));
    const login = await screen.findByTestId('banner-row-3');
    expect(login.textContent).toContain('Disabled');
    expect(screen.queryByTestId('banner-row-1')).toBeNull();
  });

  it('creates a banner with an uploaded picture, previewed at once, in the group shown', async () => {
    signIn();
    const api = mockApi({
      ...signedInRoutes,
      [listKey]: ok({ list: [] }),
      'POST /wps/backoffice/uploads': ok({ id: uploadId, contentType: 'image/png', byteSize: 4 }),
      'POST /wps/backoffice/content/banners': ({ body }) =>
        ok({ ...buildBanner(), ...(body as object), id: '9' }),
    });
    renderConsole('/banners');

    fireEvent.click(await screen.findByTestId('banner-group-w_register'));
    fireEvent.click(screen.getByTestId('banner-new'));
    expect(screen.queryByTestId('banner-preview')).toBeNull();
    fireEvent.change(screen.getByTestId('banner-title'), { target: { value: 'Join today' } });
    fireEvent.change(screen.getByTestId('banner-sortOrder'), { target: { value: '2' } });
    fireEvent.change(screen.getByTestId('banner-file'), {
      target: { files: [new File(['png'], 'join.png', { type: 'image/png' })] },
    });
    // The browser's copy of the file (the setup's object URL), until the site serves it.
    expect((await screen.findByTestId('banner-preview')).getAttribute('src')).toBe('blob:proof');
    expect(screen.getByTestId<HTMLInputElement>('banner-imageUrl').value).toBe(bannerImagePath(uploadId));
    expect(api.requestsTo('POST /wps/backoffice/uploads')).toHaveLength(1);

    fireEvent.change(screen.getByTestId('banner-linkageType'), { target: { value: 'URL' } });
    fireEvent.change(screen.getByTestId('banner-linkUrl'), { target: { value: 'https://example.com/join' } });
    fireEvent.change(screen.getByTestId('banner-activeFrom'), { target: { value: '2030-01-01T10:00' } });
    fireEvent.click(screen.getByTestId('banner-save'));

    await waitFor(() => {
      expect(screen.queryByTestId('banner-form')).toBeNull();
    });
    expect(api.requestsTo('POST /wps/backoffice/content/banners')[0]?.body).toEqual({
      groupName: 'w_register',
      imageUrl: bannerImagePath(uploadId),
      linkageType: 'URL',
      linkUrl: 'https://example.com/join',
      title: 'Join today',
      language: 'ALL',
      sortOrder: 2,
      activeFrom: new Date('2030-01-01T10:00').toISOString(),
      activeTo: null,
      isEnabled: true,
    });
  });

  it('previews a picture typed in as a path, and edits a banner (order, enabled)', async () => {
    signIn();
    const api = mockApi({
      ...signedInRoutes,
      [listKey]: ok({ list: [buildBanner()] }),
      'PUT /wps/backoffice/content/banners/1': ({ body }) => ok({ ...buildBanner(), ...(body as object) }),
    });
    renderConsole('/banners');

    fireEvent.click(await screen.findByTestId('banner-edit-1'));
    expect(screen.getByTestId('banner-preview').getAttribute('src')).toBe('/banners/welcome.svg');
    fireEvent.change(screen.getByTestId('banner-imageUrl'), {
      target: { value: 'https://cdn.example/new.png' },
    });
    expect(screen.getByTestId('banner-preview').getAttribute('src')).toBe('https://cdn.example/new.png');
    fireEvent.change(screen.getByTestId('banner-sortOrder'), { target: { value: '7' } });
    fireEvent.click(screen.getByTestId('banner-isEnabled'));
    fireEvent.click(screen.getByTestId('banner-save'));

    await waitFor(() => {
      expect(api.requestsTo('PUT /wps/backoffice/content/banners/1')).toHaveLength(1);
    });
    expect(api.requestsTo('PUT /wps/backoffice/content/banners/1')[0]?.body).toMatchObject({
      imageUrl: 'https://cdn.example/new.png',
      sortOrder: 7,
      isEnabled: false,
      linkageType: 'ROUTE',
      linkUrl: '/promotion',
    });
  });

  it('refuses a schedule that ends before it starts, and a missing picture, without calling the server', async () => {
    signIn();
    const api = mockApi({ ...signedInRoutes, [listKey]: ok({ list: [] }) });
    renderConsole('/banners');

    fireEvent.click(await screen.findByTestId('banner-new'));
    fireEvent.change(screen.getByTestId('banner-title'), { target: { value: 'Backwards' } });
    fireEvent.change(screen.getByTestId('banner-activeFrom'), { target: { value: '2030-01-02T10:00' } });
    fireEvent.change(screen.getByTestId('banner-activeTo'), { target: { value: '2030-01-01T10:00' } });
    fireEvent.click(screen.getByTestId('banner-save'));

    expect((await screen.findByTestId('banner-activeTo-invalid')).textContent).toContain('after activeFrom');
    expect(screen.getByTestId('banner-imageUrl-invalid')).toBeTruthy();
    expect(api.requestsTo('POST /wps/backoffice/content/banners')).toEqual([]);
  });

  it('hides changes without content.edit, and the upload without the picture upload permission', async () => {
    signIn();
    mockApi({
      'GET /wps/backoffice/session/me': ok(staffWith(['content.view'])),
      [listKey]: ok({ list: [buildBanner()] }),
    });
    const { unmount } = renderConsole('/banners');
    const row = await screen.findByTestId('banner-row-1');
    expect(within(row).queryAllByRole('button')).toEqual([]);
    expect(screen.queryByTestId('banner-new')).toBeNull();
    unmount();

    mockApi({
      'GET /wps/backoffice/session/me': ok(staffWith(['content.view', 'content.edit'])),
      [listKey]: ok({ list: [buildBanner()] }),
    });
    renderConsole('/banners');
    fireEvent.click(await screen.findByTestId('banner-new'));
    expect(screen.getByTestId('banner-imageUrl')).toBeTruthy();
    expect(screen.queryByTestId('banner-file')).toBeNull();
  });
});
