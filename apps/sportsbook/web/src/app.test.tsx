import { QueryClient } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { App } from './app';
import {
  arsenalChelsea,
  FakeEventSource,
  fixtureView,
  launchSportsbook,
  market,
  openSlip,
  sessionView,
} from './testing/fake-api';

const click = (testId: string): void => {
  fireEvent.click(screen.getByTestId(testId));
};

const typeStake = (testId: string, value: string): void => {
  fireEvent.change(screen.getByTestId(testId), { target: { value } });
};

const launchWithFixtures = async (handlers: Parameters<typeof launchSportsbook>[0] = {}) => {
  const launched = launchSportsbook(handlers);
  await screen.findByTestId('odds-f1:mr-home');
  return launched;
};

describe('the sportsbook page', () => {
  it('sends the launch session with every call and opens on live football', async () => {
    const { calls } = await launchWithFixtures();
    expect(calls.every((call) => call.authorization === 'Bearer test-session')).toBe(true);
    const fixturesCall = calls.find((call) => call.url.pathname === '/api/fixtures');
    expect(fixturesCall?.url.searchParams.get('sport')).toBe('football');
    expect(fixturesCall?.url.searchParams.get('status')).toBe('live');
    expect(FakeEventSource.latest().url).toBe('/api/stream?session=test-session');
    expect(screen.getByTestId('odds-f1:mr-home').getAttribute('aria-label')).toBe('Arsenal to win at 1.95');
    const briefLabels = ['odds-f1:mr-draw', 'odds-f1:ah:-1-away', 'odds-f1:tot:10-under'].map(
      (testId) => screen.getByTestId(testId).querySelector('.odds__label')?.textContent,
    );
    expect(briefLabels).toEqual(['X', '+0.25', 'U 2.5']);
  });

  it('opens on e-sports when launched from the e-sports tile', async () => {
    const { calls } = launchSportsbook({ 'GET /api/session': () => sessionView({ focus: 'esports' }) });
    await waitFor(() => {
      expect(screen.getByTestId('sport-cs2').getAttribute('aria-pressed')).toBe('true');
    });
    await waitFor(() => {
      expect(calls.some((call) => call.url.searchParams.get('sport') === 'cs2')).toBe(true);
    });
  });

  it('opens on upcoming fixtures when nothing of the sport is live', async () => {
    const { calls } = launchSportsbook({
      'GET /api/menu': () => ({ sports: [{ sport: 'football', live: 0, upcoming: 3, leagues: [] }] }),
    });
    await waitFor(() => {
      expect(screen.getByTestId('tab-upcoming').getAttribute('aria-pressed')).toBe('true');
    });
    await waitFor(() => {
      expect(calls.some((call) => call.url.searchParams.get('status') === 'upcoming')).toBe(true);
    });
  });

  it('asks to launch again when the page has no session', () => {
    render(<App queryClient={new QueryClient()} />);
    expect(screen.getByRole('alert').textContent).toBe(
      'This page opens from the casino. Launch the sportsbook again.',
    );
  });

  it('tells why the launch failed when the server says so', () => {
    const meta = document.createElement('meta');
    meta.name = 'sportsbook-error';
    meta.content = 'token_used';
    document.head.append(meta);
    render(<App queryClient={new QueryClient()} />);
    expect(screen.getByRole('alert').textContent).toBe(
      'This launch link was already used. Open the sportsbook again from the casino.',
    );
  });

  it('combines two fixtures into an accumulator with its exact odds and return', async () => {
    await launchWithFixtures();
    click('odds-f1:mr-home');
    click('odds-f2:mr-home');
    click('slip-mode-accumulator');
    typeStake('stake', '10');
    expect(screen.getByTestId('combined-odds').textContent).toBe('4.115275');
    expect(screen.getByTestId('potential-return').textContent).toBe('41.15');
  });

  it('replaces a selection with another of the same fixture', async () => {
    await launchWithFixtures();
    click('odds-f1:mr-home');
    click('odds-f1:tot:10-over');
    const slip = screen.getByTestId('bet-slip');
    expect(within(slip).queryByTestId('slip-leg-f1:mr-home')).toBeNull();
    expect(within(slip).getByTestId('slip-leg-f1:tot:10-over').textContent).toContain('O 2.5');
    expect(screen.getByTestId('odds-f1:mr-home').getAttribute('aria-pressed')).toBe('false');
  });

  it('takes a selection off the slip when its price is clicked again', async () => {
    await launchWithFixtures();
    click('odds-f1:mr-home');
    click('odds-f1:mr-home');
    expect(screen.queryByTestId('slip-leg-f1:mr-home')).toBeNull();
  });

  it('flashes the direction of a price move from the stream', async () => {
    await launchWithFixtures();
    const withHomePrice = (odds: number) =>
      fixtureView('f1', 'Arsenal', 'Chelsea', [
        market('f1:mr', 'match_result', { home: odds, draw: 3400, away: 4100 }),
      ]);
    const button = screen.getByTestId('odds-f1:mr-home');
    FakeEventSource.emit('fixture', withHomePrice(2050));
    await waitFor(() => {
      expect(button.textContent).toContain('2.05▲');
    });
    expect(button.className).toContain('odds--up');
    FakeEventSource.emit('fixture', withHomePrice(1800));
    await waitFor(() => {
      expect(button.textContent).toContain('1.80▼');
    });
    expect(button.className).toContain('odds--down');
  });

  it('locks the prices of a suspended market', async () => {
    await launchWithFixtures();
    FakeEventSource.emit(
      'fixture',
      fixtureView('f1', 'Arsenal', 'Chelsea', [
        market('f1:mr', 'match_result', { home: 1955, draw: 3400, away: 4100 }, { status: 'suspended' }),
      ]),
    );
    const button = screen.getByTestId('odds-f1:mr-home');
    await waitFor(() => {
      expect(button).toHaveProperty('disabled', true);
    });
    expect(within(button).getByTestId('lock')).toBeTruthy();
    expect(button.getAttribute('aria-label')).toBe('Arsenal to win, suspended');
  });

  it('shows Hong Kong and Malay odds and remembers the choice', async () => {
    await launchWithFixtures();
    fireEvent.change(screen.getByTestId('odds-format'), { target: { value: 'hongkong' } });
    expect(screen.getByTestId('odds-f1:mr-home').textContent).toContain('0.95');
    fireEvent.change(screen.getByTestId('odds-format'), { target: { value: 'malay' } });
    expect(screen.getByTestId('odds-f2:mr-home').textContent).toContain('-0.91');
    expect(window.localStorage.getItem('sportsbook.oddsFormat')).toBe('malay');
  });

  it('turns the page right-to-left in Urdu', async () => {
    await launchWithFixtures();
    click('language-ur');
    await waitFor(() => {
      expect(document.documentElement.dir).toBe('rtl');
    });
    expect(screen.getByTestId('tab-live').textContent).toBe('لائیو');
  });

  it('places a single with the right body, waits for acceptance and shows a refusal', async () => {
    let answer: (value: unknown) => void = () => undefined;
    const { calls } = await launchWithFixtures({
      'POST /api/slips': () =>
        new Promise((resolve) => {
          answer = resolve;
        }),
    });
    click('odds-f1:mr-home');
    typeStake('stake-f1:mr', '5');
    click('place-bet');
    expect((await screen.findByTestId('slip-waiting')).textContent).toContain('Waiting for acceptance…');
    const placed = calls.find((call) => call.method === 'POST');
    expect(placed?.body).toEqual({
      kind: 'single',
      legs: [{ marketId: 'f1:mr', selection: 'home', odds: 1955 }],
      stakePerLine: '5.00',
      acceptOdds: 'higher',
    });
    answer({ isAccepted: false, refusal: 'market_suspended', message: 'The market is suspended.' });
    expect((await screen.findByTestId('slip-message')).textContent).toContain('The market is suspended.');
    expect(screen.queryByTestId('slip-waiting')).toBeNull();
  });

  it('sends singles together and keeps on the slip only the refused ones', async () => {
    const answers: Array<(value: unknown) => void> = [];
    const { calls } = await launchWithFixtures({
      'POST /api/slips': () =>
        new Promise((resolve) => {
          answers.push(resolve);
        }),
    });
    click('odds-f1:mr-home');
    click('odds-f2:mr-home');
    typeStake('stake-f1:mr', '5');
    fireEvent.change(screen.getByLabelText('Stake on Liverpool'), { target: { value: '2.5' } });
    expect(screen.getByTestId('total-stake').textContent).toBe('7.50');
    click('place-bet');
    await waitFor(() => {
      expect(answers).toHaveLength(2);
    });
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toMatchObject([
      { kind: 'single', stakePerLine: '5.00' },
      { kind: 'single', stakePerLine: '2.50' },
    ]);
    answers[0]?.({ isAccepted: true, slip: openSlip(), balance: '995.00' });
    answers[1]?.({ isAccepted: false, refusal: 'limit', message: 'Over your limit.' });
    const message = await screen.findByTestId('slip-message');
    expect(message.textContent).toContain('Over your limit.');
    expect(message.textContent).toContain('Bet placed.');
    expect(screen.queryByTestId('slip-leg-f1:mr-home')).toBeNull();
    expect(screen.getByTestId('slip-leg-f2:mr-home')).toBeTruthy();
  });

  it('offers the new prices after odds_changed and places at them', async () => {
    const answers = [
      {
        isAccepted: false,
        refusal: 'odds_changed',
        message: 'The price has moved.',
        current: [{ marketId: 'f1:mr', selection: 'home', odds: 1900 }],
      },
      { isAccepted: true, slip: openSlip(), balance: '995.00' },
    ];
    let balance = '1000.00';
    const { calls } = await launchWithFixtures({
      'GET /api/session': () => sessionView({ balance }),
      'POST /api/slips': () => {
        const answer = answers.shift();
        if (answer?.balance !== undefined) balance = answer.balance;
        return answer;
      },
    });
    click('odds-f1:mr-home');
    typeStake('stake-f1:mr', '5');
    click('place-bet');
    await screen.findByTestId('slip-message');
    expect(screen.getByTestId('slip-odds-f1:mr').textContent).toBe('1.90');
    expect(screen.getByTestId('place-bet').textContent).toBe('Place at the new prices');
    click('place-bet');
    await screen.findByTestId('slip-placed');
    const posted = calls.filter((call) => call.method === 'POST').map((call) => call.body);
    expect(posted[1]).toMatchObject({ legs: [{ marketId: 'f1:mr', selection: 'home', odds: 1900 }] });
    await waitFor(() => {
      expect(screen.getByTestId('balance').textContent).toContain('995.00');
    });
    expect(screen.queryByTestId('slip-leg-f1:mr-home')).toBeNull();
  });

  it('offers the systems that fit three legs with their lines and total stake', async () => {
    launchSportsbook({
      'GET /api/fixtures': () => ({
        fixtures: ['a', 'b', 'c'].map((id) =>
          fixtureView(id, `Home ${id}`, `Away ${id}`, [market(`${id}:mr`, 'match_result', { home: 2000 })]),
        ),
      }),
    });
    await screen.findByTestId('odds-a:mr-home');
    click('odds-a:mr-home');
    click('odds-b:mr-home');
    click('odds-c:mr-home');
    click('slip-mode-system');
    const systems = screen.getByTestId('system-kind');
    expect(Array.from(systems.querySelectorAll('option')).map((option) => option.textContent)).toEqual([
      '2/3 (3 doubles) · 3 lines',
      'Trixie · 4 lines',
      'Patent · 7 lines',
    ]);
    fireEvent.change(systems, { target: { value: 'trixie' } });
    typeStake('stake', '2');
    expect(screen.getByTestId('system-lines').textContent).toBe('4');
    expect(screen.getByTestId('total-stake').textContent).toBe('8.00');
    // 3 doubles at 4.00 and a treble at 8.00, 2.00 each.
    expect(screen.getByTestId('potential-return').textContent).toBe('40.00');
  });

  it('cashes out an open bet at the value shown', async () => {
    const { calls } = await launchWithFixtures({
      'GET /api/bets': () => ({ slips: [openSlip()] }),
      'POST /api/bets/s1/cash-out': () => ({
        slip: openSlip({ status: 'cashed_out', cashOut: null, totalReturn: '7.35' }),
        balance: '1007.35',
      }),
    });
    click('tab-bets');
    expect((await screen.findByTestId('bet-s1')).textContent).toContain('Arsenal v Chelsea');
    expect(screen.getByTestId('cash-out-s1').textContent).toBe('Cash out 7.35');
    click('cash-out-s1');
    click('cash-out-confirm-s1');
    await waitFor(() => {
      expect(screen.getByTestId('balance').textContent).toContain('1007.35');
    });
    const cashOut = calls.find((call) => call.url.pathname === '/api/bets/s1/cash-out');
    expect(cashOut?.body).toEqual({ value: '7.35' });
  });

  it('cashes out half of an open bet, the rest staying on, and shows what was cashed out', async () => {
    let isHalfCashedOut = false;
    const { calls } = await launchWithFixtures({
      'GET /api/bets': () => ({
        slips: [
          isHalfCashedOut
            ? openSlip({ totalStake: '2.50', stakePerLine: '2.50', cashOut: '3.67', cashedOut: '3.67' })
            : openSlip(),
        ],
      }),
      'POST /api/bets/s1/cash-out': () => {
        isHalfCashedOut = true;
        return { slip: openSlip({ cashedOut: '3.67' }), balance: '1003.67' };
      },
    });
    click('tab-bets');
    await screen.findByTestId('bet-s1');
    expect(screen.queryByTestId('bet-cashed-out-s1')).toBeNull();
    click('cash-out-s1');
    click('cash-out-part-s1-5000');
    // Half of 7.35, floored to the cent.
    expect(screen.getByTestId('cash-out-confirm-s1').textContent).toBe('Confirm cash out of 3.67');
    click('cash-out-confirm-s1');
    await waitFor(() => {
      expect(screen.getByTestId('bet-cashed-out-s1').textContent).toBe('3.67');
    });
    expect(screen.getByTestId('bet-status-s1').textContent).toBe('Open');
    const cashOut = calls.find((call) => call.url.pathname === '/api/bets/s1/cash-out');
    expect(cashOut?.body).toEqual({ value: '7.35', fraction: 5_000 });
  });

  it('reads the open bets again while they are shown, as cash-out values move', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const { calls } = await launchWithFixtures({ 'GET /api/bets': () => ({ slips: [openSlip()] }) });
      const betReads = () => calls.filter((call) => call.url.pathname === '/api/bets').length;
      click('tab-bets');
      await screen.findByTestId('bet-s1');
      const readsBefore = betReads();
      await act(() => vi.advanceTimersByTimeAsync(5_000));
      await waitFor(() => {
        expect(betReads()).toBeGreaterThan(readsBefore);
      });
      click('tab-live');
      const readsAfterLeaving = betReads();
      await act(() => vi.advanceTimersByTimeAsync(10_000));
      expect(betReads()).toBe(readsAfterLeaving);
    } finally {
      vi.useRealTimers();
    }
  });

  it('reads the bets and the balance again on a bets event', async () => {
    const { calls } = await launchWithFixtures();
    click('tab-bets');
    await screen.findByText('No bets here yet.');
    const readsBefore = calls.filter((call) => call.url.pathname === '/api/bets').length;
    FakeEventSource.emit('bets', {});
    await waitFor(() => {
      expect(calls.filter((call) => call.url.pathname === '/api/bets').length).toBeGreaterThan(readsBefore);
    });
  });

  it('reads the fixtures again when the stream comes back after a break', async () => {
    const { calls } = await launchWithFixtures();
    const fixtureReads = () => calls.filter((call) => call.url.pathname === '/api/fixtures').length;
    FakeEventSource.emit('open', {});
    const readsAfterFirstOpen = fixtureReads();
    FakeEventSource.emit('open', {});
    await waitFor(() => {
      expect(fixtureReads()).toBeGreaterThan(readsAfterFirstOpen);
    });
  });

  it('opens a fixture with all its markets grouped and follows them on the stream', async () => {
    await launchWithFixtures({
      'GET /api/fixtures/f1': () => ({
        ...arsenalChelsea,
        markets: [
          ...arsenalChelsea.markets,
          market('f1:btts', 'btts', { yes: 1800, no: 1950 }),
          market('f1:cs', 'correct_score', { '1-0': 6000, other: 4500 }),
        ],
      }),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Arsenal v Chelsea: all markets' }));
    const groups = await screen.findAllByRole('heading', { level: 3 });
    expect(groups.map((group) => group.textContent)).toEqual([
      'Match result',
      'Handicap',
      'Totals',
      'Both teams to score',
      'Correct score',
    ]);
    expect(FakeEventSource.latest().url).toBe('/api/stream?session=test-session&fixture=f1');
    expect(screen.getByTestId('odds-f1:ah:-1-home').textContent).toContain('Arsenal −0.25');
    expect(screen.getByTestId('odds-f1:ah:-1-away').textContent).toContain('Chelsea +0.25');
    FakeEventSource.emit('markets', {
      fixtureId: 'f1',
      markets: [market('f1:btts', 'btts', { yes: 1700, no: 2100 })],
    });
    await waitFor(() => {
      expect(screen.getByTestId('odds-f1:btts-yes').textContent).toContain('1.70▼');
    });
  });

  it('opens the slip as a sheet on phones and closes it on Escape', async () => {
    await launchWithFixtures();
    click('odds-f1:mr-home');
    const toggle = screen.getByTestId('slip-toggle');
    expect(toggle.textContent).toBe('Bet slip (1)');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(document.activeElement?.contains(screen.getByTestId('bet-slip'))).toBe(true);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(toggle);
  });
});
