import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { SitePromotion } from '@wps/contracts/promotions';
import { beforeEach, describe, expect, it } from 'vitest';
import type { SitePermission } from '../../site/api/get-permission';
import { buildMemberInfo, mockApi, ok } from '../../../testing/mock-api';
import { buildSitePermission } from '../../../testing/permission-fixture';
import { renderApp } from '../../../testing/render-app';
import { timeUntil } from './promotion-card';

const hourMs = 3_600_000;

const buildPromotion = (overrides: Partial<SitePromotion> = {}): SitePromotion => ({
  id: '11',
  kind: 'signup',
  category: 'welcome',
  phase: 'open',
  startsAt: new Date(Date.now() - 24 * hourMs).toISOString(),
  endsAt: new Date(Date.now() + 2 * 24 * hourMs + 3 * hourMs + 30 * 60_000).toISOString(),
  title: 'Welcome bonus',
  summary: 'A bonus to start with',
  terms:
    '<p>Wager it <b>ten</b> times.</p><script>window.hacked = true</script><img src="x" onerror="window.hacked = true">',
  imageUrl: '/wps/promotions/11/image?v=abc',
  availability: { action: 'login', reason: null, claimed: 0 },
  ...overrides,
});

const deposit = buildPromotion({
  id: '12',
  kind: 'deposit_match',
  category: 'deposit',
  title: 'Reload 50%',
  summary: '',
  imageUrl: null,
});
const soon = buildPromotion({
  id: '13',
  kind: 'red_envelope',
  category: 'event',
  phase: 'coming_soon',
  startsAt: new Date(Date.now() + 5 * hourMs + 10 * 60_000).toISOString(),
  title: 'Lucky envelopes',
});

let permission: SitePermission;

beforeEach(async () => {
  permission = await buildSitePermission();
});

const memberRoutes = {
  'GET /wps/member/info': ok(buildMemberInfo()),
  'GET /wps/v2/wallets/balance': ok({
    balance: '100.00',
    currency: 'PKR',
    currencySymbol: 'Rs',
    bonusBalance: '0.00',
  }),
};

describe('promotions page', () => {
  it('lists promotions by category with image, summary and countdown; details show the sanitised terms', async () => {
    const api = mockApi({ 'GET /wps/promotions': ok({ list: [buildPromotion(), deposit, soon] }) });
    renderApp('/promotions', permission);

    const card = await screen.findByTestId('promotion-11');
    expect(card.textContent).toContain('Welcome bonus');
    expect(card.textContent).toContain('A bonus to start with');
    expect(card.querySelector('img')?.getAttribute('src')).toBe('/wps/promotions/11/image?v=abc');
    expect(screen.getByTestId('promotion-countdown-11').textContent).toBe('Ends in 2d 3h');
    expect(screen.getByTestId('promotion-countdown-13').textContent).toBe('Starts in 5h 9m');
    expect(screen.getByTestId('promotion-13').textContent).toContain('Coming soon');
    expect(api.requestsTo('GET /wps/promotions')[0]?.url.searchParams.get('language')).toBe('EN');

    const tabs = screen.getAllByRole('tab').map((tab) => tab.textContent);
    expect(tabs).toEqual(['All', 'Welcome', 'Deposit', 'Events']);
    fireEvent.click(screen.getByTestId('promotions-tab-deposit'));
    expect(screen.queryByTestId('promotion-11')).toBeNull();
    expect(screen.getByTestId('promotion-12')).toBeTruthy();
    fireEvent.click(screen.getByTestId('promotions-tab-all'));

    fireEvent.click(screen.getByTestId('promotion-details-11'));
    const details = await screen.findByTestId('promotion-details');
    expect(within(details).getByRole('heading', { name: 'Welcome bonus' })).toBeTruthy();
    const terms = within(details).getByTestId('promotion-terms');
    expect(terms.querySelector('b')?.textContent).toBe('ten');
    expect(terms.innerHTML).not.toMatch(/script|onerror/);
  });

  it('asks a guest to log in (the login modal) when they want to take part', async () => {
    mockApi({ 'GET /wps/promotions': ok({ list: [buildPromotion()] }) });
    renderApp('/promotions', permission);

    const action = await screen.findByTestId('promotion-action-11');
    expect(action.textContent).toBe('Log in to take part');
    fireEvent.click(action);
    expect(await screen.findByTestId('login-modal')).toBeTruthy();
  });

  it("tells a member why they cannot take part, in the site's words for the code", async () => {
    window.sessionStorage.setItem('token', 'tok-1');
    mockApi({
      ...memberRoutes,
      'GET /wps/promotions': ok({
        list: [
          buildPromotion({
            availability: { action: 'claim', reason: 'PROMOTION_ALREADY_CLAIMED', claimed: 1 },
          }),
          { ...deposit, availability: { action: 'deposit', reason: null, claimed: 0 } },
          { ...soon, availability: { action: 'open', reason: 'PROMOTION_NOT_AVAILABLE', claimed: 0 } },
          buildPromotion({
            id: '14',
            availability: { action: 'claim', reason: 'PROMOTION_CLAIM_IN_REVIEW', claimed: 1 },
          }),
        ],
      }),
    });
    renderApp('/promotions', permission);

    expect((await screen.findByTestId('promotion-action-11')).textContent).toBe(
      'You have already claimed this promotion.',
    );
    expect(screen.getByTestId('promotion-action-12').getAttribute('href')).toBe('/member?page=depositv2');
    expect(screen.getByTestId('promotion-action-13').textContent).toMatch(/not available/i);
    expect(screen.getByTestId('promotion-action-14').textContent).toBe('Your claim is being reviewed');
  });

  it('claims a sign-up bonus, and says when the claim is held for review', async () => {
    window.sessionStorage.setItem('token', 'tok-1');
    let held = false;
    const api = mockApi({
      ...memberRoutes,
      'GET /wps/promotions': () =>
        ok({
          list: [
            buildPromotion({
              availability: held
                ? { action: 'claim', reason: 'PROMOTION_CLAIM_IN_REVIEW', claimed: 1 }
                : { action: 'claim', reason: null, claimed: 0 },
            }),
          ],
        }),
      'POST /wps/promotions/11/claim': () => {
        held = true;
        return ok({ status: 'held', bonus: null });
      },
    });
    renderApp('/promotions', permission);

    const claim = await screen.findByTestId('promotion-action-11');
    expect(claim.textContent).toBe('Claim');
    fireEvent.click(claim);
    expect(await screen.findByText(/Your claim is being reviewed\. We will let you know/)).toBeTruthy();
    expect(api.requestsTo('POST /wps/promotions/11/claim')).toHaveLength(1);
    await waitFor(() => {
      expect(screen.getByTestId('promotion-action-11').textContent).toBe('Your claim is being reviewed');
    });
  });

  it('counts down in days and hours, then hours and minutes', () => {
    const now = Date.parse('2026-11-27T00:00:00.000Z');
    expect(timeUntil('2026-11-29T03:30:00.000Z', now)).toEqual({ days: 2, hours: 3, minutes: 30 });
    expect(timeUntil('2026-11-26T00:00:00.000Z', now)).toEqual({ days: 0, hours: 0, minutes: 0 });
  });
});
