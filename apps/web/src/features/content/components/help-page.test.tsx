import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, ok } from '../../../testing/mock-api';
import { buildSitePermission } from '../../../testing/permission-fixture';
import { renderApp } from '../../../testing/render-app';

const help = {
  language: 'EN',
  device: 'WEB',
  sections: [
    { section: 'about', title: 'About us', content: '<p>Who we are</p>' },
    {
      section: 'term',
      title: 'Terms of use',
      content: '<p>Be 18 or older.</p><script>window.hacked = 1</script>',
    },
  ],
};

describe('help centre', () => {
  it('asks for the site language on the web device, and /help#term opens the terms', async () => {
    const api = mockApi({ 'GET /wps/relay/getHelpV2': ok(help) });
    renderApp('/help#term', await buildSitePermission());
    const terms = await screen.findByTestId('help-section-term');
    await waitFor(() => {
      expect(terms.hasAttribute('open')).toBe(true);
    });
    expect(screen.getByTestId('help-section-about').hasAttribute('open')).toBe(false);
    expect(terms.textContent).toContain('Be 18 or older.');
    expect(terms.innerHTML).not.toContain('<script');
    const query = api.requestsTo('GET /wps/relay/getHelpV2')[0]?.url.searchParams;
    expect([query?.get('lang'), query?.get('device')]).toEqual(['EN', 'WEB']);
  });

  it('shows the help-centre notices (type H of the content call) above the sections', async () => {
    const notice = {
      id: '7',
      type: 'H',
      title: 'Support hours',
      content: '<p>Every day, 09:00 to 23:00.</p><img src="x" onerror="window.hacked = 1">',
      startDate: Date.UTC(2025, 0, 2),
      endDate: null,
      promotionType: null,
      execution: 'B',
    };
    const api = mockApi({
      'GET /wps/relay/getHelpV2': ok(help),
      'GET /wps/relay/CSP_getContent': ok({
        banners: [],
        notices: [],
        popup: [],
        promotion: [],
        help: [notice],
      }),
    });
    renderApp('/help', await buildSitePermission());
    const notices = await screen.findByTestId('help-notices');
    expect(within(notices).getByRole('heading', { name: 'Notices' })).toBeTruthy();
    expect(within(notices).getByRole('heading', { name: 'Support hours' })).toBeTruthy();
    expect(notices.textContent).toContain('Every day, 09:00 to 23:00.');
    expect(notices.innerHTML).not.toContain('onerror');
    const query = api.requestsTo('GET /wps/relay/CSP_getContent')[0]?.url.searchParams;
    expect([query?.get('types'), query?.get('platform'), query?.get('language')]).toEqual(['H', 'W', 'EN']);
  });

  it('shows no notices block when there are none', async () => {
    mockApi({
      'GET /wps/relay/getHelpV2': ok(help),
      'GET /wps/relay/CSP_getContent': ok({ banners: [], notices: [], popup: [], promotion: [], help: [] }),
    });
    renderApp('/help', await buildSitePermission());
    await screen.findByTestId('help-section-term');
    expect(screen.queryByTestId('help-notices')).toBeNull();
  });

  it('goes back to /index', async () => {
    mockApi({ 'GET /wps/relay/getHelpV2': ok(help) });
    renderApp('/help', await buildSitePermission());
    await screen.findByTestId('help-section-term');
    fireEvent.click(screen.getByRole('button', { name: 'Back to home' }));
    await waitFor(() => {
      expect(window.location.pathname).toBe('/index');
    });
  });
});
