import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, mockApi, ok, signIn, signedInRoutes } from '../../testing/mock-api';
import { renderConsole } from '../../testing/render-console';

const demo = {
  merchantCode: 'DEMO',
  siteName: 'Lucky Lotus',
  mainDomain: 'localhost',
  currency: 'USD',
  timeZone: 'Asia/Manila',
  defaultLanguage: 'EN',
  createdAt: '2026-01-01T00:00:00.000Z',
};
const golden = {
  ...demo,
  merchantCode: 'GOLDEN',
  siteName: 'Golden Dragon',
  mainDomain: 'play.golden.test',
  currency: 'PHP',
};

const fill = (fields: Record<string, string>) => {
  for (const [name, value] of Object.entries(fields)) {
    fireEvent.change(screen.getByTestId(`brand-${name}`), { target: { value } });
  }
};

describe('the brands screen', () => {
  it('lists the brands and creates one with its code, name, domain, currency, time zone and language', async () => {
    signIn();
    const api = mockApi({
      ...signedInRoutes,
      'GET /wps/backoffice/brands': ok({ list: [demo], currencies: ['PHP', 'USD'] }),
      'POST /wps/backoffice/brands': ok(golden),
    });
    renderConsole('/brands');

    expect(await screen.findByTestId('brand-row-DEMO')).toBeTruthy();
    fill({
      merchantCode: 'GOLDEN',
      siteName: 'Golden Dragon',
      domain: 'Play.Golden.test',
      currency: 'PHP',
      timeZone: 'Asia/Manila',
      language: 'TH',
    });
    fireEvent.click(screen.getByTestId('brand-form-save'));

    expect((await screen.findByTestId('brand-created')).textContent).toContain('play.golden.test/backoffice');
    expect(api.requestsTo('POST /wps/backoffice/brands')[0]?.body).toEqual({
      merchantCode: 'GOLDEN',
      siteName: 'Golden Dragon',
      domain: 'play.golden.test',
      currency: 'PHP',
      timeZone: 'Asia/Manila',
      language: 'TH',
    });
    // The list is read again, so the new brand shows.
    await waitFor(() => {
      expect(api.requestsTo('GET /wps/backoffice/brands').length).toBeGreaterThan(1);
    });
  });

  it('checks the form with the shared schema, and shows what the server refuses', async () => {
    signIn();
    const api = mockApi({
      ...signedInRoutes,
      'GET /wps/backoffice/brands': ok({ list: [demo], currencies: ['USD'] }),
      'POST /wps/backoffice/brands': fail(
        'VALIDATION_FAILED',
        'This domain already belongs to another brand.',
      ),
    });
    renderConsole('/brands');
    await screen.findByTestId('brand-row-DEMO');

    fill({
      merchantCode: 'golden',
      siteName: 'Golden',
      domain: 'https://golden.test/',
      timeZone: 'Mars/Base',
    });
    fireEvent.click(screen.getByTestId('brand-form-save'));
    const problems = (await screen.findByTestId('brand-form-problems')).textContent;
    expect(problems).toContain('merchantCode');
    expect(problems).toContain('domain');
    expect(problems).toContain('timeZone');
    expect(api.requestsTo('POST /wps/backoffice/brands')).toEqual([]);

    fill({ merchantCode: 'GOLDEN', domain: 'localhost', timeZone: 'UTC' });
    fireEvent.click(screen.getByTestId('brand-form-save'));
    expect((await screen.findByTestId('brand-form-error')).textContent).toContain('already belongs');
  });

  it("says so on a white label's console, where brands are not created", async () => {
    signIn();
    mockApi({
      ...signedInRoutes,
      'GET /wps/backoffice/brands': fail('FORBIDDEN', "Brands are created from the platform's own console."),
    });
    renderConsole('/brands');
    expect((await screen.findByTestId('brands-error')).textContent).toContain("platform's own console");
    expect(screen.queryByTestId('brand-form')).toBeNull();
  });
});
