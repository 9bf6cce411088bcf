import { fireEvent, screen, waitFor } from '@testing-library/react';
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
