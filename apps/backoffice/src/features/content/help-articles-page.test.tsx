import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AdminHelpArticle } from '@wps/contracts/content';
import { describe, expect, it } from 'vitest';
import { mockApi, ok, signIn, signedInRoutes, staffWith } from '../../testing/mock-api';
import { renderConsole } from '../../testing/render-console';

const buildArticle = (overrides: Partial<AdminHelpArticle> = {}): AdminHelpArticle => ({
  id: '1',
  language: 'EN',
  device: 'WEB',
  section: 'term',
  title: 'Terms of use',
  content: '<p>Terms</p>',
  sortOrder: 0,
  ...overrides,
});

const listKey = 'GET /wps/backoffice/content/help-articles';

describe('help centre', () => {
  it('lists each section with its English and Urdu titles', async () => {
    signIn();
    mockApi({
      ...signedInRoutes,
      [listKey]: ok({
        list: [
          buildArticle(),
          buildArticle({ id: '2', language: 'UR', title: 'شرائط استعمال' }),
          buildArticle({ id: '3', section: 'faq', title: 'FAQ', sortOrder: 1 }),
        ],
      }),
    });
    renderConsole('/help-centre');

    const terms = await screen.findByTestId('help-row-WEB:term');
    expect(terms.textContent).toContain('Terms of use');
    expect(terms.textContent).toContain('شرائط استعمال');
    expect((await screen.findByTestId('help-row-WEB:faq')).textContent).toContain('missing');
  });

  it('edits a section in English and adds its Urdu article', async () => {
    signIn();
    const api = mockApi({
      ...signedInRoutes,
      [listKey]: ok({ list: [buildArticle({ section: 'faq', title: 'FAQ' })] }),
      'PUT /wps/backoffice/content/help-articles/1': ({ body }) =>
        ok({ ...buildArticle(), ...(body as object) }),
      'POST /wps/backoffice/content/help-articles': ({ body }) =>
        ok({ ...buildArticle(), ...(body as object), id: '8' }),
    });
    renderConsole('/help-centre');

    fireEvent.click(await screen.findByTestId('help-edit-WEB:faq'));
    fireEvent.change(screen.getByTestId('help-title-EN'), { target: { value: 'Questions' } });
    fireEvent.change(screen.getByTestId('help-title-UR'), { target: { value: 'سوالات' } });
    fireEvent.change(screen.getByTestId('help-content-UR'), { target: { value: '<p>جواب</p>' } });
    fireEvent.click(screen.getByTestId('help-save'));

    await waitFor(() => {
      expect(screen.queryByTestId('help-form')).toBeNull();
    });
    expect(api.requestsTo('PUT /wps/backoffice/content/help-articles/1')[0]?.body).toEqual({
      language: 'EN',
      device: 'WEB',
      section: 'faq',
      title: 'Questions',
      content: '<p>Terms</p>',
      sortOrder: 0,
    });
    expect(api.requestsTo('POST /wps/backoffice/content/help-articles')[0]?.body).toEqual({
      language: 'UR',
      device: 'WEB',
      section: 'faq',
      title: 'سوالات',
      content: '<p>جواب</p>',
      sortOrder: 0,
    });
  });

  it('creates a section, refusing a bad anchor and a missing English title first', async () => {
    signIn();
    const api = mockApi({
      ...signedInRoutes,
      [listKey]: ok({ list: [] }),
      'POST /wps/backoffice/content/help-articles': ({ body }) =>
        ok({ ...buildArticle(), ...(body as object), id: '8' }),
    });
    renderConsole('/help-centre');

    fireEvent.click(await screen.findByTestId('help-new'));
    fireEvent.change(screen.getByTestId('help-section'), { target: { value: 'Bad Anchor' } });
    fireEvent.click(screen.getByTestId('help-save'));
    expect(await screen.findByTestId('help-section-invalid')).toBeTruthy();
    expect(screen.getByTestId('help-title-EN-invalid')).toBeTruthy();
    expect(api.requestsTo('POST /wps/backoffice/content/help-articles')).toEqual([]);

    fireEvent.change(screen.getByTestId('help-section'), { target: { value: 'deposits' } });
    fireEvent.change(screen.getByTestId('help-title-EN'), { target: { value: 'Deposits' } });
    fireEvent.change(screen.getByTestId('help-content-EN'), { target: { value: '<p>How</p>' } });
    fireEvent.click(screen.getByTestId('help-save'));
    await waitFor(() => {
      expect(screen.queryByTestId('help-form')).toBeNull();
    });
    // Urdu left empty: no Urdu article.
    expect(
      api.requestsTo('POST /wps/backoffice/content/help-articles').map((request) => request.body),
    ).toEqual([
      {
        language: 'EN',
        device: 'WEB',
        section: 'deposits',
        title: 'Deposits',
        content: '<p>How</p>',
        sortOrder: 0,
      },
    ]);
  });

  it('shows no changes without content.edit', async () => {
    signIn();
    mockApi({
      'GET /wps/backoffice/session/me': ok(staffWith(['content.view'])),
      [listKey]: ok({ list: [buildArticle()] }),
    });
    renderConsole('/help-centre');
    const row = await screen.findByTestId('help-row-WEB:term');
    expect(within(row).queryAllByRole('button')).toEqual([]);
    expect(screen.queryByTestId('help-new')).toBeNull();
  });
});
