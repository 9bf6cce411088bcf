import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type {
  FishingBatchRequest,
  FishingBatchResult,
  FishingRooms,
  FishingSession,
} from '@wps/contracts/fishing';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SitePermission } from '../../../site/api/get-permission';
import { buildMemberInfo, fail, type MockRequest, mockApi, ok } from '../../../../testing/mock-api';
import { buildSitePermission } from '../../../../testing/permission-fixture';
import { renderApp } from '../../../../testing/render-app';

const chunkWait = { timeout: 10_000 };

const fish = [
  { code: 'clownfish', name: 'Clownfish', multiplier: 2, boss: false, spawnWeight: 24 },
  { code: 'lionfish', name: 'Lionfish', multiplier: 10, boss: false, spawnWeight: 9 },
  { code: 'dragon-king', name: 'Dragon king', multiplier: 500, boss: true, spawnWeight: 1 },
];

const rooms: FishingRooms = {
  currency: 'USD',
  rooms: [
    {
      code: 'shallows',
      stakes: ['0.01', '0.02', '0.05', '0.10'],
      fish: fish.slice(0, 2),
      rtpBasisPoints: 9_700,
    },
    { code: 'reef', stakes: ['0.10', '0.20', '0.50', '1.00'], fish, rtpBasisPoints: 9_700 },
    { code: 'deep', stakes: ['1.00', '2.00', '5.00', '10.00'], fish, rtpBasisPoints: 9_700 },
  ],
  powers: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
  maxShotsPerBatch: 20,
  shotsPerSecond: 10,
  burst: 20,
  formula: 'd < RTP basis points',
};

const session = (overrides: Partial<FishingSession> = {}): FishingSession => ({
  sessionId: '42',
  room: 'reef',
  status: 'OPEN',
  currency: 'USD',
  shots: 0,
  staked: '0.00',
  won: '0.00',
  openedAt: '2026-11-24T10:00:00.000Z',
  closedAt: null,
  roundId: null,
  seeds: { serverSeedHash: 'a'.repeat(64), clientSeed: 'my-seed', nextNonce: 0 },
  balance: '100.00',
  ...overrides,
});

const cents = (amount: string) => Math.round(Number(amount) * 100);
const decimal = (value: number) => (value / 100).toFixed(2);

/** The server's side of the test: every shot kills its fish; the totals and the balance follow. */
const createServer = () => {
  const totals = { shots: 0, staked: 0, won: 0, balance: 10_000 };
  const answer = (request: MockRequest) => {
    const batch = request.body as FishingBatchRequest;
    const shots = batch.shots.map((shot, index) => {
      const multiplier = fish.find((kind) => kind.code === shot.fish)?.multiplier ?? 0;
      const cost = cents(shot.stake) * shot.power;
      return {
        ...shot,
        multiplier,
        cost: decimal(cost),
        nonce: totals.shots + index,
        killed: true,
        payout: decimal(cost * multiplier),
      };
    });
    const staked = shots.reduce((sum, shot) => sum + cents(shot.cost), 0);
    const won = shots.reduce((sum, shot) => sum + cents(shot.payout), 0);
    totals.shots += shots.length;
    totals.staked += staked;
    totals.won += won;
    totals.balance += won - staked;
    const result: FishingBatchResult = {
      sessionId: '42',
      batchId: batch.batchId,
      shots,
      refused: [],
      staked: decimal(staked),
      won: decimal(won),
      seeds: { serverSeedHash: 'a'.repeat(64), clientSeed: 'my-seed' },
      session: { shots: totals.shots, staked: decimal(totals.staked), won: decimal(totals.won) },
      balance: decimal(totals.balance),
      isReplay: false,
    };
    return ok(result);
  };
  return { totals, answer };
};

let permission: SitePermission;
let frames: FrameRequestCallback[] = [];
let now = 0;

/** Animation frames run when the test says: `ms` of frames, 16 ms apart. */
const runFrames = (ms: number) => {
  act(() => {
    for (let elapsed = 0; elapsed < ms; elapsed += 16) {
      now += 16;
      for (const frame of frames.splice(0)) frame(now);
    }
  });
};

beforeEach(async () => {
  permission = await buildSitePermission();
  frames = [];
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
  vi.stubGlobal('cancelAnimationFrame', () => undefined);
  // The test browser draws nothing: the scene is stepped all the same.
  Object.defineProperty(HTMLCanvasElement.prototype, 'getContext', { value: () => null, configurable: true });
});

const logInWithApi = (routes: Parameters<typeof mockApi>[0]) => {
  window.sessionStorage.setItem('token', 'tok-1');
  return mockApi({
    'GET /wps/member/info': ok(buildMemberInfo({ currency: 'USD', currencySymbol: '$' })),
    'GET /wps/v2/wallets/balance': ok({ balance: '100.00', currency: 'USD', currencySymbol: '$' }),
    'GET /wps/fishing/rooms': ok(rooms),
    ...routes,
  });
};

describe('the fishing page', { timeout: 30_000 }, () => {
  it('lists the rooms with their bullet costs and opens a session in the one picked', async () => {
    const api = logInWithApi({ 'POST /wps/fishing/sessions': ok(session()) });
    renderApp('/house/fishing', permission);
    const shallows = await screen.findByTestId('fishing-room-shallows', {}, chunkWait);
    expect(shallows.textContent).toContain('0.01');
    expect(shallows.textContent).toContain('1.00');
    expect(screen.getByTestId('fishing-room-deep').textContent).toContain('100.00');
    fireEvent.click(screen.getByTestId('fishing-room-reef'));
    await screen.findByTestId('fishing-table');
    expect(api.requestsTo('POST /wps/fishing/sessions')[0]?.body).toEqual({ room: 'reef' });
    expect(screen.getByTestId('fishing-balance').textContent).toContain('100.00');
    expect(screen.getByTestId<HTMLSelectElement>('fishing-stake').value).toBe('0.10');
    expect(screen.getByTestId('fishing-table').getAttribute('data-reduced-motion')).toBe('false');
  });

  it('fires on auto, sends the hits in batches, shows the catches and the balance, and closes with a summary', async () => {
    const server = createServer();
    const api = logInWithApi({
      'POST /wps/fishing/sessions': ok(session()),
      'POST /wps/fishing/sessions/42/shots': server.answer,
      'POST /wps/fishing/sessions/42/close': () =>
        ok(
          session({
            status: 'CLOSED',
            shots: server.totals.shots,
            staked: decimal(server.totals.staked),
            won: decimal(server.totals.won),
            balance: decimal(server.totals.balance),
            roundId: '900',
          }),
        ),
    });
    renderApp('/house/fishing', permission);
    fireEvent.click(await screen.findByTestId('fishing-room-reef', {}, chunkWait));
    await screen.findByTestId('fishing-table');
    fireEvent.change(screen.getByTestId('fishing-power'), { target: { value: '2' } });
    fireEvent.click(screen.getByTestId('fishing-auto-fire'));
    // Bullets fly until they hit; hits leave in batches on the frame clock.
    for (
      let attempt = 0;
      attempt < 20 && api.requestsTo('POST /wps/fishing/sessions/42/shots').length === 0;
      attempt += 1
    ) {
      runFrames(500);
      await act(() => Promise.resolve());
    }
    await waitFor(() => {
      expect(screen.getAllByTestId('fishing-kill').length).toBeGreaterThan(0);
    });
    const batches = api
      .requestsTo('POST /wps/fishing/sessions/42/shots')
      .map((request) => request.body as FishingBatchRequest);
    const sent = batches.flatMap((batch) => batch.shots);
    expect(sent.every((shot) => shot.stake === '0.10' && shot.power === 2)).toBe(true);
    expect(batches.every((batch) => batch.shots.length <= 20)).toBe(true);
    expect(new Set(batches.map((batch) => batch.batchId)).size).toBe(batches.length);
    await waitFor(() => {
      expect(screen.getByTestId('fishing-shots').textContent).toBe(String(server.totals.shots));
    });

    fireEvent.click(screen.getByTestId('fishing-auto-fire'));
    fireEvent.click(screen.getByTestId('fishing-leave'));
    const summary = await screen.findByTestId('fishing-summary');
    expect(api.requestsTo('POST /wps/fishing/sessions/42/close')).toHaveLength(1);
    expect(screen.getByTestId('fishing-summary-staked').textContent).toContain(decimal(server.totals.staked));
    expect(screen.getByTestId('fishing-summary-balance').textContent).toContain(
      decimal(server.totals.balance),
    );
    expect(summary.textContent).toContain(`${server.totals.shots} shots`);
    expect(screen.getByTestId('fishing-room-reef')).toBeTruthy();
  });

  it('stops auto-fire and says why when the server refuses a batch', async () => {
    logInWithApi({
      'POST /wps/fishing/sessions': ok(session()),
      'POST /wps/fishing/sessions/42/shots': fail('INSUFFICIENT_FUNDS'),
    });
    renderApp('/house/fishing', permission);
    fireEvent.click(await screen.findByTestId('fishing-room-reef', {}, chunkWait));
    await screen.findByTestId('fishing-table');
    fireEvent.click(screen.getByTestId('fishing-auto-fire'));
    for (let attempt = 0; attempt < 20 && !screen.queryByTestId('fishing-error'); attempt += 1) {
      runFrames(500);
      await act(() => Promise.resolve());
    }
    expect(screen.getByTestId('fishing-error').textContent).toContain('balance');
    expect(screen.getByTestId<HTMLInputElement>('fishing-auto-fire').checked).toBe(false);
  });

  it('respects reduced motion', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('reduce'), media: query }));
    logInWithApi({ 'POST /wps/fishing/sessions': ok(session()) });
    renderApp('/house/fishing', permission);
    fireEvent.click(await screen.findByTestId('fishing-room-deep', {}, chunkWait));
    expect((await screen.findByTestId('fishing-table')).getAttribute('data-reduced-motion')).toBe('true');
  });
});
