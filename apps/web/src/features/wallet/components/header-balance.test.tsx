import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SitePermission } from '../../site/api/get-permission';
import { buildSitePermission } from '../../../testing/permission-fixture';
import { ok } from '../../../testing/mock-api';
import { renderApp } from '../../../testing/render-app';
import { logInWithApi } from '../testing/wallet-fixtures';

let permission: SitePermission;

beforeEach(async () => {
  permission = await buildSitePermission();
});

const balanceReply = (balance: string) => ok({ balance, currency: 'USD', currencySymbol: '$' });

describe('header balance', () => {
  it('shows the balance with the currency symbol, separators and exactly 2 decimals', async () => {
    logInWithApi({ 'GET /wps/v2/wallets/balance': balanceReply('1234567.5') });
    renderApp('/', permission);

    await waitFor(() => {
      expect(screen.getByTestId('header-balance').textContent).toBe('$ 1,234,567.50');
    });
    expect(screen.getByRole('button', { name: 'Refresh balance' })).toBeTruthy();
  });

  it('shows the bonus balance beside the balance only when there is some', async () => {
    logInWithApi({
      'GET /wps/v2/wallets/balance': ok({
        balance: '100.00',
        currency: 'USD',
        currencySymbol: '$',
        bonusBalance: '12',
      }),
    });
    renderApp('/', permission);
    expect((await screen.findByTestId('header-bonus-balance')).textContent).toBe('+ 12.00 bonus');
    expect(screen.getByTestId('header-balance').textContent).toBe('$ 100.00');
  });

  it('shows no bonus balance when it is zero', async () => {
    logInWithApi({
      'GET /wps/v2/wallets/balance': ok({
        balance: '100.00',
        currency: 'USD',
        currencySymbol: '$',
        bonusBalance: '0.00',
      }),
    });
    renderApp('/', permission);
    await waitFor(() => {
      expect(screen.getByTestId('header-balance').textContent).toBe('$ 100.00');
    });
    expect(screen.queryByTestId('header-bonus-balance')).toBeNull();
  });

  it('hides and shows the amount, remembering the choice', async () => {
    logInWithApi({ 'GET /wps/v2/wallets/balance': balanceReply('88.00') });
    const view = renderApp('/', permission);
    await waitFor(() => {
      expect(screen.getByTestId('header-balance').textContent).toBe('$ 88.00');
    });

    fireEvent.click(screen.getByRole('button', { name: 'Hide balance' }));
    expect(screen.getByTestId('header-balance').textContent).not.toContain('88');
    expect(within(screen.getByTestId('header-balance')).getByText('****')).toBeTruthy();
    expect(window.localStorage.getItem('balanceHidden')).toBe('1');

    // Still hidden after a reload.
    view.unmount();
    renderApp('/', permission);
    await screen.findByTestId('header-balance');
    expect(screen.getByTestId('header-balance').textContent).toContain('****');

    fireEvent.click(screen.getByRole('button', { name: 'Show balance' }));
    await waitFor(() => {
      expect(screen.getByTestId('header-balance').textContent).toBe('$ 88.00');
    });
    expect(window.localStorage.getItem('balanceHidden')).toBeNull();
  });

  it('refreshes on demand, spinning while it fetches', async () => {
    let balance = '10.00';
    const api = logInWithApi({ 'GET /wps/v2/wallets/balance': () => balanceReply(balance) });
    renderApp('/', permission);
    await waitFor(() => {
      expect(screen.getByTestId('header-balance').textContent).toBe('$ 10.00');
    });
    const before = api.requestsTo('GET /wps/v2/wallets/balance').length;

    // The answer waits until the test lets it through, so the spinning state can be seen.
    let release = () => undefined as unknown;
    const answered = new Promise<void>((resolve) => {
      release = () => {
        resolve();
      };
    });
    const fetchBefore = globalThis.fetch;
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async (input, init) => {
        if (input instanceof Request ? false : input.toString().includes('/wallets/balance')) await answered;
        return fetchBefore(input, init);
      }),
    );
    balance = '25.5';
    fireEvent.click(screen.getByTestId('header-balance-refresh'));
    await waitFor(() => {
      expect(screen.getByTestId('header-balance').getAttribute('aria-busy')).toBe('true');
    });
    expect(
      screen.getByTestId('header-balance-refresh').querySelector('.header-balance__spin'),
    ).not.toBeNull();
    release();
    await waitFor(() => {
      expect(screen.getByTestId('header-balance').textContent).toBe('$ 25.50');
    });
    expect(screen.getByTestId('header-balance').getAttribute('aria-busy')).toBe('false');
    expect(api.requestsTo('GET /wps/v2/wallets/balance')).toHaveLength(before + 1);
    expect(api.requestsTo('GET /wps/v2/wallets/balance')[0]?.headers.get('authorization')).toBe(
      'Bearer tok-1',
    );
  });

  it.each(['/seamless', '/SEAMLESS'])('is absent on the game page %s and asks for nothing', async (url) => {
    const api = logInWithApi({});
    renderApp(url, permission);

    await screen.findByTestId('header-account');
    expect(screen.queryByTestId('header-balance')).toBeNull();
    expect(screen.queryByTestId('header-balance-refresh')).toBeNull();
    expect(api.requestsTo('GET /wps/v2/wallets/balance')).toHaveLength(0);
  });

  // The lottery pages show the balance in their own frame, so only the header's is checked here.
  it.each(['/lottert', '/lottery?gameCode=X', '/vnLottery', '/sealottery'])(
    'is absent from the header on the lottery page %s',
    async (url) => {
      logInWithApi({});
      renderApp(url, permission);

      await screen.findByTestId('header-account');
      expect(screen.queryByTestId('header-balance')).toBeNull();
      expect(screen.queryByTestId('header-balance-refresh')).toBeNull();
    },
  );

  it('updates from a server push without a reload', async () => {
    let balance = '100.00';
    const api = logInWithApi({ 'GET /wps/v2/wallets/balance': () => balanceReply(balance) });
    renderApp('/', permission);
    await waitFor(() => {
      expect(screen.getByTestId('header-balance').textContent).toBe('$ 100.00');
    });
    await waitFor(() => {
      expect(api.streams.at(-1)?.isOpen()).toBe(true);
    });
    // The stream carries the token in the Authorization header, never in the URL.
    expect(api.eventRequests.at(-1)?.get('authorization')).toBe('Bearer tok-1');
    expect(api.eventRequests.at(-1)?.get('accept')).toBe('text/event-stream');

    balance = '2500.75';
    api.streams.at(-1)?.send(': heartbeat\n\nevent: balance\ndata: {}\n\n');

    await waitFor(() => {
      expect(screen.getByTestId('header-balance').textContent).toBe('$ 2,500.75');
    });
  });

  it('does not open the stream for a trial account', async () => {
    const api = logInWithApi({}, { type: 4 });
    renderApp('/', permission);
    await screen.findByTestId('header-account');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(api.streams).toHaveLength(0);
  });
});
