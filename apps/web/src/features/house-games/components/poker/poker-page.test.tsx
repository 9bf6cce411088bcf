import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import type { PvpRoom, PvpTableView } from '@wps/contracts/pvp';
import { beforeEach, describe, expect, it } from 'vitest';
import type { SitePermission } from '../../../site/api/get-permission';
import { buildMemberInfo, mockApi, ok } from '../../../../testing/mock-api';
import { buildSitePermission } from '../../../../testing/permission-fixture';
import { renderApp } from '../../../../testing/render-app';
import { fromMinor, toMinor } from './poker-amounts';

configure({ asyncUtilTimeout: 5000 });
const chunkWait = { timeout: 10_000 };

let permission: SitePermission;
beforeEach(async () => {
  permission = await buildSitePermission();
});

const room: PvpRoom = {
  roomId: '5',
  roomCode: 'HOLDEM-LOW-6',
  game: 'HOLDEM',
  level: 'LOW',
  name: "Hold'em Low 0.50/1 · 6-max",
  seats: 6,
  seated: 1,
  smallBlind: '0.50',
  bigBlind: '1.00',
  minBuyIn: '40.00',
  maxBuyIn: '100.00',
  currency: 'USD',
  isHandInPlay: false,
};

const view = (overrides: Partial<PvpTableView['you']> = {}): PvpTableView => ({
  serverTime: '2026-11-24T10:00:00.000Z',
  table: {
    tableId: '5',
    roomCode: room.roomCode,
    game: 'HOLDEM',
    level: 'LOW',
    name: room.name,
    seats: 6,
    smallBlind: '0.50',
    bigBlind: '1.00',
    minBuyIn: '40.00',
    maxBuyIn: '100.00',
    currency: 'USD',
    turnSeconds: 15,
    players: [0, 1].map((seat) => ({
      seat,
      playerName: seat === 0 ? 'pl***1' : 'bo***b',
      isBot: false,
      stack: seat === 0 ? '99.50' : '99.00',
      status: 'PLAYING' as const,
      isInHand: true,
      hasFolded: false,
      isAllIn: false,
      streetBet: seat === 0 ? '0.50' : '1.00',
      handBet: seat === 0 ? '0.50' : '1.00',
      cards: null,
    })),
    hand: {
      handId: '77',
      number: 1,
      status: 'PLAYING',
      street: 'PREFLOP',
      board: [],
      pot: '1.50',
      currentBet: '1.00',
      button: 0,
      smallBlindSeat: 0,
      bigBlindSeat: 1,
      toActSeat: 0,
      deadline: '2026-11-24T10:00:15.000Z',
      commitment: 'c'.repeat(64),
      serverSeed: null,
      clientSeed: 'seed',
      nonce: 1,
      result: null,
    },
  },
  you: {
    seat: 0,
    isSittingOut: false,
    holeCards: ['AS', 'KD'],
    options: {
      canCheck: false,
      callAmount: '0.50',
      canRaise: true,
      minRaiseTo: '2.00',
      maxRaiseTo: '100.00',
    },
    ...overrides,
  },
});

const logInWithApi = (routes: Parameters<typeof mockApi>[0]) => {
  window.sessionStorage.setItem('token', 'tok-1');
  return mockApi({
    'GET /wps/member/info': ok(buildMemberInfo()),
    'GET /wps/v2/wallets/balance': ok({ balance: '100.00', currency: 'USD', currencySymbol: '$' }),
    ...routes,
  });
};

describe('the poker page', { timeout: 30_000 }, () => {
  it('lists the rooms from GLS2_roomList and opens a table to buy in', async () => {
    const api = logInWithApi({
      'GET /wps/relay/GLS2_roomList': ok({ rooms: [room] }),
      'GET /wps/pvp/tables/5/state': ok(view({ seat: null, holeCards: [], options: null })),
      'POST /wps/pvp/tables/5/seats': ok(view()),
    });
    renderApp('/house/poker', permission);
    const row = await screen.findByTestId('poker-room-HOLDEM-LOW-6', {}, chunkWait);
    expect(row.textContent).toContain('0.50/1.00');
    expect(row.textContent).toContain('40.00 – 100.00');
    fireEvent.click(screen.getByTestId('poker-join-HOLDEM-LOW-6'));
    fireEvent.click(await screen.findByTestId('poker-take-seat-3'));
    fireEvent.change(screen.getByTestId('poker-buy-in'), { target: { value: '60' } });
    fireEvent.click(screen.getByTestId('poker-sit'));
    await waitFor(() => {
      expect(api.requestsTo('POST /wps/pvp/tables/5/seats')).toHaveLength(1);
    });
    expect(api.requestsTo('POST /wps/pvp/tables/5/seats')[0]?.body).toMatchObject({ buyIn: '60', seat: 3 });
    expect(await screen.findByTestId('poker-my-cards')).toHaveProperty('dataset.cards', 'AS KD');
  });

  it('shows the member their own cards and sends their move for the hand in play', async () => {
    const api = logInWithApi({
      'GET /wps/pvp/tables/5/state': ok(view()),
      'POST /wps/pvp/tables/5/actions': ok(view({ options: null })),
    });
    renderApp('/house/poker?table=5', permission);
    const call = await screen.findByTestId('poker-action-call', {}, chunkWait);
    expect(call.textContent).toContain('0.50');
    expect(screen.getByTestId('poker-action-raise').textContent).toContain('2.00');
    expect(screen.queryByTestId('poker-action-check')).toBeNull();
    fireEvent.change(screen.getByTestId('poker-raise-amount'), { target: { value: '5' } });
    fireEvent.click(screen.getByTestId('poker-action-raise'));
    await waitFor(() => {
      expect(api.requestsTo('POST /wps/pvp/tables/5/actions')).toHaveLength(1);
    });
    expect(api.requestsTo('POST /wps/pvp/tables/5/actions')[0]?.body).toMatchObject({
      handId: '77',
      kind: 'RAISE',
      amount: '5.00',
    });
    await waitFor(() => {
      expect(screen.queryByTestId('poker-actions')).toBeNull();
    });
  });

  it('labels a house bot at the table as a bot', async () => {
    const withBot = view();
    withBot.table.players = withBot.table.players.map((player) =>
      player.seat === 1 ? { ...player, playerName: 'Bot', isBot: true } : player,
    );
    logInWithApi({ 'GET /wps/pvp/tables/5/state': ok(withBot) });
    renderApp('/house/poker?table=5', permission);
    expect((await screen.findByTestId('poker-bot-1', {}, chunkWait)).textContent).toBe('Bot');
    expect(screen.getByTestId('poker-seat-1').textContent).toContain('Bot');
    expect(screen.queryByTestId('poker-bot-0')).toBeNull();
  });
});

describe('poker amounts', () => {
  it('turns decimals into minor units and back exactly', () => {
    expect(toMinor('12.5', 2)).toBe(1250n);
    expect(toMinor('0.05', 2)).toBe(5n);
    expect(fromMinor(1250n, 2)).toBe('12.50');
    expect(fromMinor(5n, 2)).toBe('0.05');
    expect(fromMinor(7n, 0)).toBe('7');
  });
});
