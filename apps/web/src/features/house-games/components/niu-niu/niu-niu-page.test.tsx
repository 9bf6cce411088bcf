import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import type { PvpRoom, PvpTableView } from '@wps/contracts/pvp';
import type { NiuNiuHand } from '@wps/contracts/pvp-niu-niu';
import { beforeEach, describe, expect, it } from 'vitest';
import type { SitePermission } from '../../../site/api/get-permission';
import { buildMemberInfo, mockApi, ok } from '../../../../testing/mock-api';
import { buildSitePermission } from '../../../../testing/permission-fixture';
import { renderApp } from '../../../../testing/render-app';

configure({ asyncUtilTimeout: 5000 });
const chunkWait = { timeout: 10_000 };

let permission: SitePermission;
beforeEach(async () => {
  permission = await buildSitePermission();
});

const roomOf = (game: PvpRoom['game'], roomCode: string, roomId: string): PvpRoom => ({
  roomId,
  roomCode,
  game,
  level: 'LOW',
  name: roomCode,
  seats: 6,
  seated: 1,
  smallBlind: game === 'NIUNIU' ? '1.00' : '0.50',
  bigBlind: '1.00',
  minBuyIn: game === 'NIUNIU' ? '100.00' : '40.00',
  maxBuyIn: game === 'NIUNIU' ? '1000.00' : '100.00',
  currency: 'USD',
  isHandInPlay: false,
});
const niuNiuRoom = roomOf('NIUNIU', 'NIUNIU-LOW-6', '9');
const holdemRoom = roomOf('HOLDEM', 'HOLDEM-LOW-6', '5');

const bidding: NiuNiuHand = {
  handId: '88',
  number: 1,
  status: 'PLAYING',
  phase: 'BIDDING',
  baseStake: '1.00',
  firstSeat: 0,
  bankerSeat: null,
  bankerBid: null,
  toActSeat: 0,
  deadline: '2026-11-24T10:00:15.000Z',
  seats: [0, 1].map((seat) => ({
    seat,
    bid: null,
    multiplier: null,
    isBanker: false,
    timedOut: false,
    isLeaving: false,
  })),
  commitment: 'c'.repeat(64),
  serverSeed: null,
  clientSeed: 'seed',
  nonce: 1,
  result: null,
};

const settled: NiuNiuHand = {
  ...bidding,
  status: 'SETTLED',
  phase: 'SHOWDOWN',
  bankerSeat: 1,
  bankerBid: 3,
  toActSeat: null,
  deadline: null,
  seats: [
    { seat: 0, bid: 2, multiplier: 4, isBanker: false, timedOut: false, isLeaving: false },
    { seat: 1, bid: 3, multiplier: null, isBanker: true, timedOut: false, isLeaving: false },
  ],
  serverSeed: 's'.repeat(64),
  result: {
    rake: '1.20',
    pairings: [{ seat: 0, playerWins: true, handMultiplier: 2, due: '24.00', amount: '24.00' }],
    outcomes: [
      { seat: 0, net: '22.80', rake: '1.20' },
      { seat: 1, net: '-24.00', rake: '0.00' },
    ],
    isBankShort: false,
    shown: [
      {
        seat: 0,
        cards: ['3S', '4H', 'KD', 'QC', 'TS'],
        category: 'BULL',
        points: 7,
        bull: [],
        handMultiplier: 2,
      },
      {
        seat: 1,
        cards: ['2S', '4D', 'KH', 'QH', '6S'],
        category: 'BULL',
        points: 2,
        bull: [],
        handMultiplier: 1,
      },
    ],
  },
};

const view = (hand: NiuNiuHand | null, you: Partial<PvpTableView['you']> = {}): PvpTableView => ({
  serverTime: '2026-11-24T10:00:00.000Z',
  table: {
    tableId: '9',
    roomCode: niuNiuRoom.roomCode,
    game: 'NIUNIU',
    level: 'LOW',
    name: 'Niu-Niu Low 1 · 6-max',
    seats: 6,
    smallBlind: '1.00',
    bigBlind: '1.00',
    minBuyIn: '100.00',
    maxBuyIn: '1000.00',
    currency: 'USD',
    turnSeconds: 15,
    players: [0, 1].map((seat) => ({
      seat,
      playerName: seat === 0 ? 'pl***1' : 'bo***b',
      isBot: false,
      stack: '200.00',
      status: 'PLAYING' as const,
      isInHand: hand !== null,
      hasFolded: false,
      isAllIn: false,
      streetBet: '0.00',
      handBet: '0.00',
      cards: hand?.status === 'SETTLED' ? (hand.result?.shown[seat]?.cards ?? null) : null,
    })),
    hand: null,
    niuNiu: hand,
  },
  you: {
    seat: 0,
    isSittingOut: false,
    holeCards: ['3S', '4H', 'KD', 'QC'],
    options: null,
    niuNiuOptions: hand?.status === 'PLAYING' ? { kind: 'BID', choices: [0, 1, 2, 3, 4] } : null,
    ...you,
  },
});

const logInWithApi = (routes: Parameters<typeof mockApi>[0]) => {
  window.sessionStorage.setItem('token', 'tok-1');
  return mockApi({
    'GET /wps/member/info': ok(buildMemberInfo()),
    'GET /wps/v2/wallets/balance': ok({ balance: '500.00', currency: 'USD', currencySymbol: '$' }),
    ...routes,
  });
};

describe('the Niu-Niu page', { timeout: 30_000 }, () => {
  it('lists only the Niu-Niu rooms by base stake and opens a table to buy in', async () => {
    const api = logInWithApi({
      'GET /wps/relay/GLS2_roomList': ok({ rooms: [holdemRoom, niuNiuRoom] }),
      'GET /wps/pvp/tables/9/state': ok(view(null, { seat: null, holeCards: [] })),
      'POST /wps/pvp/tables/9/seats': ok(view(bidding)),
    });
    renderApp('/house/niu-niu', permission);
    const row = await screen.findByTestId('poker-room-NIUNIU-LOW-6', {}, chunkWait);
    expect(row.textContent).toContain('1.00');
    expect(row.textContent).not.toContain('1.00/1.00');
    expect(screen.queryByTestId('poker-room-HOLDEM-LOW-6')).toBeNull();
    fireEvent.click(screen.getByTestId('poker-join-NIUNIU-LOW-6'));
    fireEvent.click(await screen.findByTestId('poker-take-seat-2'));
    fireEvent.change(screen.getByTestId('poker-buy-in'), { target: { value: '200' } });
    fireEvent.click(screen.getByTestId('poker-sit'));
    await waitFor(() => {
      expect(api.requestsTo('POST /wps/pvp/tables/9/seats')).toHaveLength(1);
    });
    expect(api.requestsTo('POST /wps/pvp/tables/9/seats')[0]?.body).toMatchObject({ buyIn: '200', seat: 2 });
    expect(await screen.findByTestId('niuniu-my-cards')).toHaveProperty('dataset.cards', '3S 4H KD QC');
  });

  it('offers the member their banker bids on their turn and sends the one chosen', async () => {
    const api = logInWithApi({
      'GET /wps/pvp/tables/9/state': ok(view(bidding)),
      'POST /wps/pvp/tables/9/niu-niu/actions': ok(view(bidding, { niuNiuOptions: null })),
    });
    renderApp('/house/niu-niu?table=9', permission);
    const actions = await screen.findByTestId('niuniu-actions', {}, chunkWait);
    expect(actions.dataset.kind).toBe('BID');
    expect(screen.getByTestId('niuniu-bid-0').textContent).toBe('No grab');
    // Four cards face up and the fifth face down while the hand is in play.
    expect(screen.getByTestId('poker-seat-0').querySelectorAll('[data-card]')).toHaveLength(4);
    fireEvent.click(screen.getByTestId('niuniu-bid-3'));
    await waitFor(() => {
      expect(api.requestsTo('POST /wps/pvp/tables/9/niu-niu/actions')).toHaveLength(1);
    });
    expect(api.requestsTo('POST /wps/pvp/tables/9/niu-niu/actions')[0]?.body).toMatchObject({
      handId: '88',
      kind: 'BID',
      multiplier: 3,
    });
    await waitFor(() => {
      expect(screen.queryByTestId('niuniu-actions')).toBeNull();
    });
  });

  it('shows the showdown: every hand, each player against the banker and the results after rake', async () => {
    logInWithApi({
      'GET /wps/pvp/tables/9/state': ok(view(settled, { holeCards: ['3S', '4H', 'KD', 'QC', 'TS'] })),
    });
    renderApp('/house/niu-niu?table=9', permission);
    const result = await screen.findByTestId('niuniu-result', {}, chunkWait);
    expect(result.textContent).toContain('pl***1 beats the banker: 24.00 (Bull 7)');
    expect(result.textContent).toContain('Rake 1.20');
    expect(screen.getByTestId('niuniu-choice-1').textContent).toBe('Banker ×3');
    expect(screen.getByTestId('niuniu-choice-0').textContent).toBe('Bet ×4');
    expect(screen.getByTestId('niuniu-net-1').textContent).toBe('-24.00');
    expect(screen.getByTestId('poker-seat-1').querySelectorAll('[data-card]')).toHaveLength(5);
  });

  it('keeps the Niu-Niu rooms out of the hold’em lobby', async () => {
    logInWithApi({ 'GET /wps/relay/GLS2_roomList': ok({ rooms: [holdemRoom, niuNiuRoom] }) });
    renderApp('/house/poker', permission);
    await screen.findByTestId('poker-room-HOLDEM-LOW-6', {}, chunkWait);
    expect(screen.queryByTestId('poker-room-NIUNIU-LOW-6')).toBeNull();
  });
});
