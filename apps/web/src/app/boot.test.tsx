import { act, fireEvent, screen } from '@testing-library/react';
import type { Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../lib/query-client';
import {
  buildServerPermission,
  envelopeOf,
  testMerchantCode,
  testSupportUrl,
} from '../testing/permission-fixture';
import { bootSite } from './boot';

let mountedRoot: Root | null = null;

// Once the app is up it also asks for a remembered login; these tests count the configuration calls only.
const permissionCalls = (fetchMock: { mock: { calls: Parameters<typeof fetch>[] } }) =>
  fetchMock.mock.calls.filter(([url]) => url === '/wps/system/permission');

/**
 * The permission document for its own path; every other call (content, remembered login) a NOT_FOUND
 * failure, since the site takes a success answer as the contract's shape without checking it again.
 */
const answerPermission =
  (permission: unknown) =>
  (input: Parameters<typeof fetch>[0]): Promise<Response> =>
    Promise.resolve(
      input === '/wps/system/permission'
        ? Response.json(envelopeOf(permission))
        : Response.json({ success: false, value: null, message: '', code: 'NOT_FOUND' }, { status: 404 }),
    );

const bootWith = async (answer: (input: Parameters<typeof fetch>[0]) => Promise<Response>) => {
  const fetchMock = vi.fn<typeof fetch>(answer);
  vi.stubGlobal('fetch', fetchMock);
  window.history.replaceState(null, '', '/');
  const container = document.body.appendChild(document.createElement('div'));
  await act(async () => {
    mountedRoot = await bootSite(container, createQueryClient());
  });
  return { container, fetchMock };
};

const bootWithPermission = async (overrides: Parameters<typeof buildServerPermission>[0] = {}) => {
  const permission = await buildServerPermission(overrides);
  return bootWith(answerPermission(permission));
};

afterEach(() => {
  act(() => mountedRoot?.unmount());
  mountedRoot = null;
  document.body.innerHTML = '';
});

describe('boot', () => {
  it("dresses the site in the brand's fonts and logo before it shows", async () => {
    const permission = await buildServerPermission({ status: 0 });
    await bootWith(
      answerPermission({
        ...permission,
        info: {
          ...permission.info,
          fonts: { body: 'inter', headings: 'poppins' },
          logoUrl: '/wps/site/logo/6f1c2a9e',
        },
      }),
    );

    expect((await screen.findByRole('img', { name: permission.siteName })).getAttribute('src')).toBe(
      '/wps/site/logo/6f1c2a9e',
    );
    expect(document.getElementById('brand-fonts')?.textContent).toBe(
      ":root{--font:'Inter',var(--font-system);--font-headings:'Poppins',var(--font-system)}",
    );
  });

  it('fetches the permission once, stores the merchant code and renders the app for status 0', async () => {
    const { fetchMock } = await bootWithPermission({ status: 0 });

    expect(await screen.findByTestId('home-page')).toBeTruthy();
    expect(permissionCalls(fetchMock)).toHaveLength(1);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/wps/system/permission');
    expect(window.sessionStorage.getItem('merchantCode')).toBe(testMerchantCode);
    expect(window.localStorage.getItem('merchantCode')).toBe(testMerchantCode);
    expect(screen.queryByTestId('maintenance-screen')).toBeNull();
  });

  it('starts a guest’s home content call (execution B) before the home page mounts', async () => {
    const permission = await buildServerPermission({ status: 0 });
    const contentCalls: Array<{ url: string; isPageMounted: boolean }> = [];
    const answer = answerPermission(permission);
    await bootWith((input) => {
      if (typeof input === 'string' && input.startsWith('/wps/relay/CSP_getContent')) {
        contentCalls.push({
          url: input,
          isPageMounted: document.querySelector('[data-testid="home-page"]') !== null,
        });
      }
      return answer(input);
    });

    expect(await screen.findByTestId('home-page')).toBeTruthy();
    const [first] = contentCalls;
    expect(first?.isPageMounted).toBe(false);
    expect(new URL(first?.url ?? '', 'http://site.test').searchParams.get('execution')).toBe('B');
  });

  it('shows the maintenance screen with the end time in local format for status 1', async () => {
    const endTime = '2031-05-04T18:30:00.000Z';
    const openMock = vi.spyOn(window, 'open').mockReturnValue(null);
    await bootWithPermission({ status: 1, maintenance: { enabled: true, endTime } });

    expect(screen.getByTestId('maintenance-screen')).toBeTruthy();
    expect(screen.queryByTestId('home-page')).toBeNull();
    const expected = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(
      new Date(endTime),
    );
    expect(screen.getByTestId('maintenance-end').textContent).toBe(expected);
    expect(screen.getByRole('heading', { name: 'System maintenance' })).toBeTruthy();

    // The customer-service path arrives encrypted and is opened decrypted.
    fireEvent.click(screen.getByRole('button', { name: 'Live support' }));
    expect(openMock).toHaveBeenCalledWith(testSupportUrl, '_blank', 'noopener,noreferrer');
  });

  it('leaves the end time out of the maintenance screen when the server gives none', async () => {
    await bootWithPermission({ status: 1, maintenance: { enabled: true, endTime: null } });

    expect(screen.getByTestId('maintenance-screen')).toBeTruthy();
    expect(screen.queryByTestId('maintenance-end')).toBeNull();
  });

  it('makes no router under maintenance: a token in the address stays unread', async () => {
    window.sessionStorage.removeItem('token');
    const permission = await buildServerPermission({ status: 1 });
    const fetchMock = vi.fn<typeof fetch>(answerPermission(permission));
    vi.stubGlobal('fetch', fetchMock);
    window.history.replaceState(null, '', '/?token=abc');
    const container = document.body.appendChild(document.createElement('div'));
    await act(async () => {
      mountedRoot = await bootSite(container, createQueryClient());
    });

    expect(screen.getByTestId('maintenance-screen')).toBeTruthy();
    expect(window.sessionStorage.getItem('token')).toBeNull();
    expect(window.location.search).toBe('?token=abc');
  });

  it("shows the blocked-region screen with the visitor's IP for status 2", async () => {
    await bootWithPermission({
      status: 2,
      location: { ip: '198.51.100.23', countryCode: 'XX', dialingCode: null },
    });

    expect(screen.getByTestId('blocked-screen')).toBeTruthy();
    expect(screen.getByTestId('blocked-ip').textContent).toBe('198.51.100.23');
    expect(screen.getByRole('button', { name: 'Live support' })).toBeTruthy();
    expect(screen.queryByTestId('home-page')).toBeNull();
  });

  it('renders nothing for an unknown status', async () => {
    const { container } = await bootWithPermission({ status: 7 });

    expect(container.innerHTML).toBe('');
  });

  it('loads Google analytics only when the brand has a gtag id', async () => {
    await bootWithPermission({ status: 1 });
    expect(document.querySelector('script[data-analytics="gtag"]')).toBeNull();
    act(() => mountedRoot?.unmount());

    const permission = await buildServerPermission({ status: 1 });
    permission.info.analytics.gtagId = 'G-TEST123';
    await bootWith(answerPermission(permission));
    const script = document.querySelector<HTMLScriptElement>('script[data-analytics="gtag"]');
    expect(script?.src).toBe('https://www.googletagmanager.com/gtag/js?id=G-TEST123');
  });

  it('offers a retry when the permission call fails, and boots once it succeeds', async () => {
    const permission = await buildServerPermission({ status: 0 });
    let isNetworkUp = false;
    const { fetchMock } = await bootWith((input) =>
      isNetworkUp ? answerPermission(permission)(input) : Promise.reject(new TypeError('Failed to fetch')),
    );

    expect(screen.getByText('Network link is abnormal, please try again.')).toBeTruthy();
    expect(screen.queryByTestId('home-page')).toBeNull();

    isNetworkUp = true;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await screen.findByTestId('home-page')).toBeTruthy();
    expect(permissionCalls(fetchMock)).toHaveLength(2);
  });
});
