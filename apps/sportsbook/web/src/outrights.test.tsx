import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import english from '../locales/en.json';
import urdu from '../locales/ur.json';
import { launchSportsbook, openSlip, premierOutright } from './testing/fake-api';

const click = (testId: string): void => {
  fireEvent.click(screen.getByTestId(testId));
};

const openOutrights = async (handlers: Parameters<typeof launchSportsbook>[0] = {}) => {
  const launched = launchSportsbook(handlers);
  await screen.findByTestId('odds-f1:mr-home');
  click('outrights-epl');
  await screen.findByTestId('outright-o-epl-s3');
  return launched;
};

describe('outrights on the page', () => {
  it('opens a league’s outrights from the menu: its winner prices, favourite first, and its table', async () => {
    const { calls } = await openOutrights();
    const read = calls.find((call) => call.url.pathname === '/api/outrights');
    expect(Object.fromEntries(read?.url.searchParams ?? [])).toEqual({ sport: 'football', league: 'epl' });
    const season = screen.getByTestId('outright-o-epl-s3');
    expect(within(season).getByRole('heading', { level: 2 }).textContent).toBe('Premier League · Season 3');
    expect(screen.getByTestId('outright-status-o-epl-s3').textContent).toContain('6 of 12 fixtures left');
    const prices = within(season)
      .getAllByRole('button')
      .filter((button) => button.className.includes('odds'));
    expect(prices.map((button) => button.querySelector('.odds__label')?.textContent)).toEqual([
      'Arsenal',
      'Chelsea',
      'Liverpool',
    ]);
    expect(screen.getByTestId('odds-o-epl-s3:outright-arsenal').getAttribute('aria-label')).toBe(
      'Arsenal to win Premier League · Season 3 at 1.50',
    );
    const rows = within(screen.getByTestId('standings-o-epl-s3')).getAllByRole('row');
    expect(rows.map((row) => Array.from(row.children, (cell) => cell.textContent))).toEqual([
      ['#', 'Team', 'P', 'W', 'D', 'L', '+/−', 'Pts'],
      ['1', 'Arsenal', '3', '3', '0', '0', '+5', '9'],
      ['2', 'Chelsea', '3', '1', '1', '1', '0', '4'],
      ['3', 'Liverpool', '3', '1', '0', '2', '-1', '3'],
      ['4', 'Everton', '3', '0', '1', '2', '-4', '1'],
    ]);
    // Back to the fixtures, or away by a tab.
    fireEvent.click(screen.getByRole('button', { name: /Back to the list/ }));
    expect(screen.queryByTestId('outright-o-epl-s3')).toBeNull();
    expect(screen.getByTestId('odds-f1:mr-home')).toBeTruthy();
  });

  it('says when an outright is closed or who won it', async () => {
    await openOutrights({
      'GET /api/outrights': () => ({
        outrights: [
          {
            ...premierOutright,
            id: 'o-epl-s2',
            season: 2,
            status: 'settled',
            market: null,
            winner: 'chelsea',
            fixturesLeft: 0,
          },
          {
            ...premierOutright,
            status: 'closed',
            fixturesLeft: 1,
            market: { ...premierOutright.market, status: 'closed' },
          },
        ],
      }),
    });
    expect(screen.getByTestId('outright-status-o-epl-s2').textContent).toContain('Winner: Chelsea');
    expect(screen.getByTestId('outright-status-o-epl-s3').textContent).toContain('Bets closed');
    expect(screen.getByTestId('odds-o-epl-s3:outright-arsenal')).toHaveProperty('disabled', true);
  });

  it('puts an outright on the slip as a single and keeps the slip to singles while it is there', async () => {
    const { calls } = await openOutrights({
      'POST /api/slips': () => ({ isAccepted: true, slip: openSlip(), balance: '990.00' }),
    });
    click('odds-o-epl-s3:outright-chelsea');
    const leg = screen.getByTestId('slip-leg-o-epl-s3:outright-chelsea');
    expect(leg.textContent).toContain('Chelsea');
    expect(leg.textContent).toContain('Outright · Premier League · Season 3');
    expect(screen.queryByTestId('slip-outright-single')).toBeNull();
    // A match beside it: singles only, and the slip says why.
    fireEvent.click(screen.getByRole('button', { name: /Back to the list/ }));
    click('odds-f1:mr-home');
    expect(screen.getByTestId('slip-mode-accumulator')).toHaveProperty('disabled', true);
    expect(screen.getByTestId('slip-mode-system')).toHaveProperty('disabled', true);
    expect(screen.getByTestId('slip-outright-single').textContent).toBe(
      'A league winner is bet on its own: with it on the slip, each selection is a single.',
    );
    fireEvent.change(screen.getByLabelText('Stake on Chelsea'), { target: { value: '10' } });
    click('place-bet');
    await screen.findByTestId('slip-placed');
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
      {
        kind: 'single',
        legs: [{ marketId: 'o-epl-s3:outright', selection: 'chelsea', odds: 3500 }],
        stakePerLine: '10.00',
        acceptOdds: 'higher',
      },
    ]);
    // With the outright gone, the two matches combine again.
    click('odds-f2:mr-home');
    expect(screen.getByTestId('slip-mode-accumulator')).toHaveProperty('disabled', false);
  });

  it('shows an outright bet by its competitor and its season', async () => {
    launchSportsbook({
      'GET /api/bets': () => ({
        slips: [
          openSlip({
            legs: [
              {
                fixtureId: 'o-epl-s3',
                fixture: 'Premier League · Season 3',
                sport: 'football',
                marketId: 'o-epl-s3:outright',
                kind: 'outright',
                selection: 'chelsea',
                selectionName: 'Chelsea',
                odds: 3500,
                outcome: null,
              },
            ],
          }),
        ],
      }),
    });
    await screen.findByTestId('tab-bets');
    click('tab-bets');
    const bet = await screen.findByTestId('bet-s1');
    expect(bet.textContent).toContain('Chelsea @ 3.50');
    expect(bet.textContent).toContain('Premier League · Season 3 · Outright');
  });

  it('has every outright label in Urdu too', async () => {
    for (const section of ['outrights', 'menu', 'slip', 'aria'] as const) {
      const missing = Object.keys(english[section]).filter((key) => !(key in urdu[section]));
      expect(missing, section).toEqual([]);
    }
    launchSportsbook();
    await screen.findByTestId('odds-f1:mr-home');
    click('language-ur');
    click('outrights-epl');
    await waitFor(() => {
      expect(screen.getByTestId('outright-status-o-epl-s3').textContent).toContain('12 میں سے 6 میچ باقی');
    });
    expect(
      within(screen.getByTestId('outright-o-epl-s3')).getByRole('heading', { level: 2 }).textContent,
    ).toBe('Premier League · سیزن 3');
  });
});
