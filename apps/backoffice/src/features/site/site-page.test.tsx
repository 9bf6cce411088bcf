import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { whitelabelFlags } from '@wps/contracts/site';
import { describe, expect, it } from 'vitest';
import { fail, mockApi, ok, signIn, signedInRoutes, staffWith } from '../../testing/mock-api';
import { renderConsole } from '../../testing/render-console';

const settings = {
  merchantCode: 'DEMO',
  siteName: 'Lucky Lotus',
  status: 0,
  maintenanceEndTime: null,
  blockedCountries: ['PH'],
  flags: Object.fromEntries(whitelabelFlags.map((flag) => [flag, flag === 'VIP3'])),
  requireEncryptedBodies: false,
  feedbackWords: { min: 5, max: 500 },
  liveChatUrl: null,
  minimumAge: 18,
  palette: null,
  fonts: { body: 'system', headings: 'system' },
  logoUrl: null,
  languages: { supported: ['EN', 'UR'], default: 'EN' },
};
const domains = {
  mainDomain: 'localhost',
  domains: [
    { domainName: 'localhost', device: 0 },
    { domainName: '127.0.0.1', device: 0 },
  ],
};
const links = {
  liveChatUrl: 'https://chat.lotus.test/room',
  customerServices: [{ title: 'Telegram support', csType: 'TELEGRAM', path: 'https://t.me/lotus' }],
  resources: [],
};
const delivery = {
  smsGateway: { url: 'https://sms.lotus.test/send', sender: 'LOTUS', hasApiKey: true },
  smtp: null,
};
const social = {
  list: [
    {
      provider: 'google',
      issuer: 'https://accounts.google.com',
      clientId: 'lotus-web',
      hasClientSecret: true,
      isEnabled: true,
      updatedAt: '2026-01-01T00:00:00.000Z',
    },
  ],
};

const siteRoutes = {
  'GET /wps/backoffice/site/settings': ok(settings),
  'GET /wps/backoffice/site/domains': ok(domains),
  'GET /wps/backoffice/site/links': ok(links),
  'GET /wps/backoffice/site/delivery': ok(delivery),
  'GET /wps/backoffice/site/social': ok(social),
};

const openSite = async (routes: Parameters<typeof mockApi>[0] = {}) => {
  signIn();
  const api = mockApi({ ...signedInRoutes, ...siteRoutes, ...routes });
  renderConsole('/site');
  await screen.findByTestId('site-settings');
  return api;
};

describe('the site and brand screen', () => {
  it('puts the site into maintenance until an end time, with region blocks and flags', async () => {
    const api = await openSite({
      'PATCH /wps/backoffice/site/settings': ok({ ...settings, status: 1 }),
    });
    fireEvent.click(screen.getByTestId('settings-maintenance'));
    fireEvent.change(screen.getByTestId('settings-maintenance-end'), {
      target: { value: '2030-01-02T03:04' },
    });
    fireEvent.change(screen.getByTestId('settings-blocked-countries'), { target: { value: 'us, ph' } });
    fireEvent.click(screen.getByTestId('settings-flag-FREEPLAY3'));
    fireEvent.click(screen.getByTestId('site-settings-save'));

    expect(await screen.findByTestId('site-settings-saved')).toBeTruthy();
    expect(api.requestsTo('PATCH /wps/backoffice/site/settings')[0]?.body).toMatchObject({
      status: 1,
      // The operator's own clock, sent as an instant.
      maintenanceEndTime: new Date('2030-01-02T03:04').toISOString(),
      blockedCountries: ['US', 'PH'],
      flags: { FREEPLAY3: true, VIP3: true },
    });
  });

  it("sets the brand's minimum age to register, never under 18", async () => {
    const api = await openSite({
      'PATCH /wps/backoffice/site/settings': ok({ ...settings, minimumAge: 21 }),
    });
    const age = screen.getByTestId('settings-minimum-age');
    expect(age).toHaveProperty('value', '18');
    fireEvent.change(age, { target: { value: '16' } });
    fireEvent.click(screen.getByTestId('site-settings-save'));
    expect((await screen.findByTestId('site-settings-problems')).textContent).toContain('minimumAge');
    expect(api.requestsTo('PATCH /wps/backoffice/site/settings')).toEqual([]);

    fireEvent.change(age, { target: { value: '21' } });
    fireEvent.click(screen.getByTestId('site-settings-save'));
    expect(await screen.findByTestId('site-settings-saved')).toBeTruthy();
    expect(api.requestsTo('PATCH /wps/backoffice/site/settings')[0]?.body).toMatchObject({ minimumAge: 21 });
  });

  it('chooses the languages the site offers and the first one, which must be offered', async () => {
    const api = await openSite({ 'PATCH /wps/backoffice/site/settings': ok(settings) });
    fireEvent.click(screen.getByTestId('settings-language-VI'));
    fireEvent.click(screen.getByTestId('settings-language-TH'));
    fireEvent.change(screen.getByTestId('settings-default-language'), { target: { value: 'PT' } });
    fireEvent.click(screen.getByTestId('site-settings-save'));
    expect((await screen.findByTestId('site-settings-problems')).textContent).toContain('languages');
    expect(api.requestsTo('PATCH /wps/backoffice/site/settings')).toEqual([]);

    fireEvent.change(screen.getByTestId('settings-default-language'), { target: { value: 'VI' } });
    fireEvent.click(screen.getByTestId('site-settings-save'));
    expect(await screen.findByTestId('site-settings-saved')).toBeTruthy();
    expect(api.requestsTo('PATCH /wps/backoffice/site/settings')[0]?.body).toMatchObject({
      languages: { supported: ['EN', 'UR', 'TH', 'VI'], default: 'VI' },
    });
  });

  it('gives the brand its own colours, refusing a pair that does not read before sending', async () => {
    const api = await openSite({ 'PATCH /wps/backoffice/site/settings': ok(settings) });
    const card = within(screen.getByTestId('site-palette'));
    fireEvent.click(card.getByTestId('palette-own'));
    fireEvent.change(card.getByTestId('palette-dark-accent'), { target: { value: '#3a2a55' } });
    fireEvent.click(card.getByTestId('site-palette-save'));
    expect((await card.findByTestId('site-palette-problems')).textContent).toContain(
      'palette.dark.accent: the accent on the surface has a contrast of',
    );
    expect(api.requestsTo('PATCH /wps/backoffice/site/settings')).toEqual([]);

    fireEvent.change(card.getByTestId('palette-dark-accent'), { target: { value: '#f2c14e' } });
    fireEvent.change(card.getByTestId('palette-dark-background'), { target: { value: '#12061f' } });
    fireEvent.click(card.getByTestId('site-palette-save'));
    expect(await card.findByTestId('site-palette-saved')).toBeTruthy();
    expect(api.requestsTo('PATCH /wps/backoffice/site/settings')[0]?.body).toEqual({
      palette: {
        light: { background: '#f3f4fa', surface: '#ffffff', accent: '#8a5d00' },
        dark: { background: '#12061f', surface: '#161a2b', accent: '#f2c14e' },
      },
    });
  });

  it("sets the brand's faces for text and headings", async () => {
    const api = await openSite({ 'PATCH /wps/backoffice/site/settings': ok(settings) });
    const card = within(screen.getByTestId('site-fonts'));
    expect(card.getByTestId('fonts-body')).toHaveProperty('value', 'system');
    fireEvent.change(card.getByTestId('fonts-body'), { target: { value: 'inter' } });
    fireEvent.change(card.getByTestId('fonts-headings'), { target: { value: 'playfair-display' } });
    fireEvent.click(card.getByTestId('site-fonts-save'));
    expect(await card.findByTestId('site-fonts-saved')).toBeTruthy();
    expect(api.requestsTo('PATCH /wps/backoffice/site/settings')[0]?.body).toEqual({
      fonts: { body: 'inter', headings: 'playfair-display' },
    });
  });

  it("uploads the brand's logo, shows it named by the site, says why one is refused, and removes it", async () => {
    const logoUrl = '/wps/site/logo/6f1c2a9e-0000-4000-8000-000000000001';
    let current: unknown = settings;
    let refuseNext = true;
    const api = await openSite({
      'GET /wps/backoffice/site/settings': () => ok(current),
      'PUT /wps/backoffice/site/logo': () => {
        if (refuseNext) return fail('UPLOAD_INVALID_TYPE', 'Only png, jpg or webp images are accepted.');
        current = { ...settings, logoUrl };
        return ok(current);
      },
      'DELETE /wps/backoffice/site/logo': () => {
        current = settings;
        return ok(current);
      },
    });
    const card = within(screen.getByTestId('site-logo'));
    expect(card.getByTestId('site-logo-none').textContent).toContain('Lucky Lotus');
    expect(card.queryByTestId('site-logo-remove')).toBeNull();
    const choose = (file: File) => {
      fireEvent.change(card.getByTestId('site-logo-file'), { target: { files: [file] } });
    };

    choose(new File(['GIF89a'], 'logo.gif', { type: 'image/gif' }));
    expect((await card.findByTestId('site-logo-error')).textContent).toContain('UPLOAD_INVALID_TYPE');

    refuseNext = false;
    choose(new File(['png'], 'logo.png', { type: 'image/png' }));
    const preview = await card.findByTestId('site-logo-preview');
    expect(preview.getAttribute('src')).toBe(logoUrl);
    expect(preview.getAttribute('alt')).toBe('Lucky Lotus');
    const sent = api.fetchMock.mock.calls.filter(
      (_, index) => api.requests[index]?.url.pathname === '/wps/backoffice/site/logo',
    );
    const form = sent[1]?.[1]?.body;
    expect(form instanceof FormData && form.get('file') instanceof File).toBe(true);
    expect(form instanceof FormData ? form.get('file') : null).toHaveProperty('name', 'logo.png');

    fireEvent.click(card.getByTestId('site-logo-remove'));
    expect(await card.findByTestId('site-logo-none')).toBeTruthy();
    expect(api.requestsTo('DELETE /wps/backoffice/site/logo')).toHaveLength(1);
  });

  it('checks the settings with the shared schema and sends nothing wrong', async () => {
    const api = await openSite();
    fireEvent.change(screen.getByTestId('settings-blocked-countries'), { target: { value: 'USA' } });
    fireEvent.click(screen.getByTestId('site-settings-save'));

    expect((await screen.findByTestId('site-settings-problems')).textContent).toContain('blockedCountries');
    expect(api.requestsTo('PATCH /wps/backoffice/site/settings')).toEqual([]);
  });

  it('replaces the domains, with a new mirror as the main domain', async () => {
    const api = await openSite({ 'PUT /wps/backoffice/site/domains': ok(domains) });
    const card = screen.getByTestId('site-domains');
    fireEvent.click(within(card).getByTestId('domain-add'));
    fireEvent.change(within(card).getByTestId('domain-name-2'), { target: { value: 'Mirror.Lotus.test' } });
    fireEvent.click(within(card).getByTestId('domain-main-2'));
    fireEvent.click(within(card).getByTestId('domain-up-2'));
    fireEvent.click(within(card).getByTestId('domain-remove-2'));
    fireEvent.click(within(card).getByTestId('site-domains-save'));

    await waitFor(() => {
      expect(api.requestsTo('PUT /wps/backoffice/site/domains')[0]?.body).toEqual({
        mainDomain: 'Mirror.Lotus.test',
        domains: [
          { domainName: 'localhost', device: 0 },
          { domainName: 'Mirror.Lotus.test', device: 0 },
        ],
      });
    });
  });

  it('saves the live chat and customer-service entries', async () => {
    const api = await openSite({ 'PUT /wps/backoffice/site/links': ok(links) });
    const card = screen.getByTestId('site-links');
    fireEvent.change(within(card).getByTestId('links-live-chat'), { target: { value: '' } });
    fireEvent.click(within(card).getByTestId('service-add'));
    fireEvent.change(within(card).getByTestId('service-title-1'), { target: { value: 'WhatsApp' } });
    fireEvent.change(within(card).getByTestId('service-type-1'), { target: { value: 'whatsapp' } });
    fireEvent.change(within(card).getByTestId('service-path-1'), { target: { value: 'https://wa.me/1' } });
    fireEvent.click(within(card).getByTestId('site-links-save'));

    await waitFor(() => {
      expect(api.requestsTo('PUT /wps/backoffice/site/links')[0]?.body).toEqual({
        liveChatUrl: null,
        customerServices: [
          links.customerServices[0],
          { title: 'WhatsApp', csType: 'WHATSAPP', path: 'https://wa.me/1' },
        ],
        resources: [],
      });
    });
  });

  it('never shows a stored secret, and sends one only when typed', async () => {
    const api = await openSite({
      'PUT /wps/backoffice/site/delivery': ok({ smsGateway: delivery.smsGateway.url, smtp: null }),
      'PUT /wps/backoffice/site/social/google': ok(social.list[0]),
    });
    const deliveryCard = screen.getByTestId('site-delivery');
    expect(within(deliveryCard).getByTestId<HTMLInputElement>('delivery-gatewayKey').value).toBe('');
    expect(within(deliveryCard).getByText('API key (stored; type to replace)')).toBeTruthy();
    fireEvent.click(within(deliveryCard).getByTestId('site-delivery-save'));
    await waitFor(() => {
      expect(api.requestsTo('PUT /wps/backoffice/site/delivery')[0]?.body).toEqual({
        smsGateway: { url: delivery.smsGateway.url, sender: 'LOTUS' },
        smtp: null,
      });
    });
    fireEvent.change(within(deliveryCard).getByTestId('delivery-gatewayKey'), {
      target: { value: 'new-key' },
    });
    fireEvent.click(within(deliveryCard).getByTestId('site-delivery-save'));
    await waitFor(() => {
      expect(api.requestsTo('PUT /wps/backoffice/site/delivery')[1]?.body).toMatchObject({
        smsGateway: { apiKey: 'new-key' },
      });
    });

    const google = screen.getByTestId('social-google');
    expect(within(google).getByTestId<HTMLInputElement>('social-google-client-secret').value).toBe('');
    fireEvent.click(within(google).getByTestId('social-google-enabled'));
    fireEvent.click(within(google).getByTestId('social-google-save'));
    await waitFor(() => {
      expect(api.requestsTo('PUT /wps/backoffice/site/social/google')[0]?.body).toEqual({
        issuer: 'https://accounts.google.com',
        clientId: 'lotus-web',
        isEnabled: false,
      });
    });
  });

  it('links to the payment channels screen rather than repeating it', async () => {
    await openSite({ 'GET /wps/backoffice/payment-channels': ok({ list: [] }) });
    fireEvent.click(screen.getByTestId('site-channels-link'));
    expect(await screen.findByRole('heading', { name: 'Deposit channels' })).toBeTruthy();
  });

  it('shows a role with site.view alone the configuration, and no way to change it', async () => {
    signIn();
    const api = mockApi({
      'GET /wps/backoffice/session/me': ok(staffWith(['site.view'])),
      ...siteRoutes,
    });
    renderConsole('/site');
    expect(await screen.findByTestId('site-read-only')).toBeTruthy();
    await screen.findByTestId('social-facebook');
    expect(screen.getByTestId('site-logo-none')).toBeTruthy();
    expect(screen.queryByTestId('site-logo-file')).toBeNull();
    for (const card of [
      'site-settings',
      'site-fonts',
      'site-domains',
      'site-links',
      'site-delivery',
      'social-google',
    ]) {
      expect(screen.queryByTestId(`${card}-save`)).toBeNull();
      expect(screen.getByTestId(card).querySelector('fieldset.site-fields')).toHaveProperty('disabled', true);
    }
    expect(screen.queryByTestId('site-channels-link')).toBeNull();
    expect(api.requests.every((request) => request.method === 'GET')).toBe(true);
  });
});
