import type { AttemptResult, WalletClient } from '@wps/vendor-wallet-client/wallet-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OutrightResult } from '../domain';
import type { Outright } from '../feed/feed-source';
import { MatchSimulator } from '../feed/simulator';
import { createMarketBook, type MarketBook } from '../pricing/market-book';
import type { Store } from '../store/store';
import { openTestStore } from '../testing/test-store';
import { createWalletCallSender } from '../wallet/wallet-calls';
import { type BookSession, createBookService, defaultLimits } from './book.service';
import * as repository from './slips.repository';

/**
 * Outrights (league winners) in the book, against its store (PostgreSQL when DATABASE_URL is set, else PGlite) and
 * a wallet that answers RS_OK: an outright is bet as a single only, its legs carry the outright's id as their
 * fixture, and the season's result settles them as a fixture's settles its legs.
 */

let store: Store;
let closeStore: () => Promise<void>;

beforeAll(async () => {
  ({ store, close: closeStore } = await openTestStore('wps_sb_outrights'));
}, 30_000);

afterAll(() => closeStore());

const startAt = Date.parse('2026-11-27T12:00:00Z');
const minute = 60_000;

const okWallet: WalletClient = {
  prepare: () => Promise.reject(new Error('not used by the book')),
  prepareText: async (vendorCode, method, requestUuid, body) => ({
    vendorCode,
    method,
    requestUuid,
    body,
    signature: '',
  }),
  send: async (call): Promise<AttemptResult> => ({
    kind: 'answer',
    isFinal: true,
    answer: { user: '1', status: 'RS_OK', request_uuid: call.requestUuid, currency: 'USD', balance: 0n },
  }),
  sendWithRetries: () => Promise.reject(new Error('not used by the book')),
};

const bookOn = (feed: MatchSimulator, markets: MarketBook, inPlayDelayMs: [number, number] = [0, 0]) => {
  const sender = createWalletCallSender({ store, client: okWallet });
  const book = createBookService({
    store,
    feed,
    markets,
    sender,
    limits: { ...defaultLimits, inPlayDelayMs },
  });
  return { book, sender };
};

let nextPlayer = 0;
const newPlayer = (): BookSession => ({
  user: `outright-player${(nextPlayer += 1)}`,
  token: 'token',
  vendorCode: 'SBTEST',
  gameCode: 'sports',
  currency: 'USD',
});

/** A leg on `competitor` (by default the favourite) of the outright's market as it is priced now. */
const outrightLeg = (markets: MarketBook, outright: Outright, competitor?: string) => {
  const market = markets.outrightMarket(outright.id);
  const selection =
    market?.selections.find((candidate) => candidate.key === competitor) ??
    (competitor === undefined
      ? market?.selections.reduce((low, candidate) => (candidate.odds < low.odds ? candidate : low))
      : undefined);
  if (!market || !selection)
    throw new Error(`No price for ${competitor ?? 'the favourite'} in ${outright.id}`);
  return { marketId: market.id, selection: selection.key, odds: selection.odds };
};

const single = (leg: ReturnType<typeof outrightLeg>, stake: string) => ({
  kind: 'single',
  legs: [leg],
  stakePerLine: stake,
  acceptOdds: 'none' as const,
});

const callsOf = (slipId: bigint) =>
  store.query<{ method: string; amount: string | bigint; body: string }>(
    `select method, amount, body from sb_wallet_calls where slip_id = $1 order by id`,
    [slipId.toString()],
  );

const slipCount = async (): Promise<number> =>
  (await store.query<{ count: number }>(`select count(*)::int as count from sb_slips`))[0]?.count ?? 0;

describe('outright bets', () => {
  const feed = new MatchSimulator({ seed: 'outright-bets', startAt, fixturesPerSeason: 3 });
  const markets = createMarketBook(feed);
  afterAll(() => {
    markets.close();
  });
  /** Each test takes outrights of its own (open and priced), so tests share the store without meeting. */
  const open = feed.outrights().filter((outright) => markets.outrightMarket(outright.id)?.status === 'open');
  let nextOutright = 0;
  const takeOutright = (): Outright => {
    const taken = open[nextOutright++];
    if (!taken) throw new Error('no open outright left');
    return taken;
  };

  it('places a single on a league winner: its leg on the outright, the bet named by league and competitor', async () => {
    const { book } = bookOn(feed, markets);
    const outright = takeOutright();
    const leg = outrightLeg(markets, outright);
    const placed = await book.place(newPlayer(), single(leg, '10'));
    if (!placed.isAccepted) throw new Error(placed.message);
    const name = outright.competitors.find(({ id }) => id === leg.selection)?.name ?? '';
    expect(placed.slip.legs).toMatchObject([
      {
        fixtureId: outright.id,
        marketId: `${outright.id}:outright`,
        market: { kind: 'outright' },
        selection: leg.selection,
        odds: leg.odds,
        fixtureName: `${outright.league.name} v Season ${String(outright.season)}`,
        sport: outright.sport,
      },
    ]);
    expect(await repository.findSlip(store, placed.slip.id)).toMatchObject({
      status: 'open',
      potentialReturn: (1_000n * BigInt(leg.odds)) / 1_000n,
      legs: [{ fixtureId: outright.id, fixtureName: placed.slip.legs[0]?.fixtureName }],
    });
    const [bet] = await callsOf(placed.slip.id);
    expect(bet?.body).toContain(`${outright.league.name} season ${String(outright.season)} outright ${name}`);
    expect((await repository.exposureOf(store, leg.marketId)).liability).toBe(placed.slip.potentialReturn);
  });

  it('refuses an outright in an accumulator or a system, and writes nothing', async () => {
    const { book } = bookOn(feed, markets);
    const [first, second, third] = [takeOutright(), takeOutright(), takeOutright()];
    const match = feed.fixtures().find((fixture) => fixture.status === 'scheduled');
    const matchMarket = match && markets.marketsOf(match.id)[0];
    const matchSelection = matchMarket?.selections[0];
    if (!matchMarket || !matchSelection) throw new Error('No match to combine with');
    const matchLeg = { marketId: matchMarket.id, selection: matchSelection.key, odds: matchSelection.odds };
    const outrightLegs = [first, second, third].map((outright) => outrightLeg(markets, outright));
    const before = await slipCount();
    for (const [kind, legs] of [
      ['accumulator', [outrightLegs[0], matchLeg]],
      ['accumulator', outrightLegs.slice(0, 2)],
      ['trixie', outrightLegs],
    ] as const) {
      const answer = await book.place(newPlayer(), {
        kind,
        legs: legs.flatMap((leg) => leg ?? []),
        stakePerLine: '1',
        acceptOdds: 'none',
      });
      expect(answer, kind).toMatchObject({ isAccepted: false, refusal: 'invalid_slip', message: /single/ });
    }
    expect(await slipCount()).toBe(before);
    // On its own it is taken.
    expect(await book.place(newPlayer(), single(outrightLegs[0] ?? matchLeg, '1'))).toMatchObject({
      isAccepted: true,
    });
  });

  it('settles outright singles on the season: the winner wins its odds, the others lose, a void season refunds', async () => {
    const { book, sender } = bookOn(feed, markets);
    const outright = takeOutright();
    const [winner, loser] = markets.outrightMarket(outright.id)?.selections ?? [];
    if (!winner || !loser) throw new Error('Two competitors needed');
    const onWinner = await book.place(newPlayer(), single(outrightLeg(markets, outright, winner.key), '10'));
    const onLoser = await book.place(newPlayer(), single(outrightLeg(markets, outright, loser.key), '4'));
    if (!onWinner.isAccepted || !onLoser.isAccepted) throw new Error('refused');
    const result: OutrightResult = { status: 'final', winner: winner.key };
    expect(await book.settleFixture(outright.id, result)).toBe(2);
    const won = await repository.findSlip(store, onWinner.slip.id);
    expect(won).toMatchObject({
      status: 'won',
      totalReturn: (1_000n * BigInt(winner.odds)) / 1_000n,
      legs: [{ outcome: 'win' }],
    });
    expect(await repository.findSlip(store, onLoser.slip.id)).toMatchObject({
      status: 'lost',
      totalReturn: 0n,
      legs: [{ outcome: 'lose' }],
    });
    expect((await callsOf(onWinner.slip.id)).map(({ method }) => method)).toEqual([
      'transaction/bet',
      'transaction/win',
    ]);
    // Heard again, it settles nothing twice.
    expect(await book.settleFixture(outright.id, result)).toBe(0);

    const voided = takeOutright();
    const onVoided = await book.place(newPlayer(), single(outrightLeg(markets, voided), '3'));
    if (!onVoided.isAccepted) throw new Error(onVoided.message);
    expect(await book.settleFixture(voided.id, { status: 'void' })).toBe(1);
    expect(await repository.findSlip(store, onVoided.slip.id)).toMatchObject({
      status: 'void',
      legs: [{ outcome: 'void' }],
    });
    expect((await callsOf(onVoided.slip.id)).map(({ method }) => method)).toEqual([
      'transaction/bet',
      'transaction/rollback',
    ]);
    await sender.close();
  });

  it('cashes out an outright single from its current price', async () => {
    const { book } = bookOn(feed, markets);
    const player = newPlayer();
    const placed = await book.place(player, single(outrightLeg(markets, takeOutright()), '20'));
    if (!placed.isAccepted) throw new Error(placed.message);
    const value = book.cashOutValueOf(placed.slip);
    if (value === null) throw new Error('No cash-out offered');
    // At an unchanged price, less than the stake: the cash-out margin.
    expect(value).toBeGreaterThan(0n);
    expect(value).toBeLessThan(2_000n);
    expect(await book.cashOut(player.user, placed.slip.id, value)).toMatchObject({
      status: 'cashed_out',
      totalReturn: value,
    });
  });
});

describe('a season played out by the feed', () => {
  it('holds an outright bet for the in-play delay while a fixture of its season is in play', async () => {
    const feed = new MatchSimulator({ idPrefix: 'delay-', seed: 'delay', startAt, fixturesPerSeason: 2 });
    const markets = createMarketBook(feed);
    const { book, sender } = bookOn(feed, markets, [20, 20]);
    const isInPlay = (outright: Outright): boolean =>
      outright.fixturesLeft.some(({ fixtureId }) => fixtureId && feed.fixture(fixtureId)?.status === 'live');
    const priced = feed.outrights().filter(({ id }) => markets.outrightMarket(id)?.status === 'open');
    const inPlay = priced.find(isInPlay);
    const ahead = priced.find((outright) => !isInPlay(outright));
    if (!inPlay || !ahead) throw new Error('An outright in play and one ahead needed');
    // Both placed, then (before either is answered) the feed plays on until both are closed to bets: only the one
    // in play waits and is priced again, closed by then; the other was taken when placed.
    const placing = [inPlay, ahead].map((outright) =>
      book.place(newPlayer(), single(outrightLeg(markets, outright), '1')),
    );
    for (let step = 0; step < 400; step += 1) {
      if ([inPlay, ahead].every(({ id }) => feed.outright(id)?.status !== 'open')) break;
      feed.tick(minute / 4);
    }
    expect(feed.outright(ahead.id)?.status).not.toBe('open');
    expect(await Promise.all(placing)).toMatchObject([
      { isAccepted: false, refusal: 'market_unavailable' },
      { isAccepted: true },
    ]);
    await sender.close();
    markets.close();
  });

  it('closes its outright to bets and cash-out at the last kick-off, and settles its singles on the table', async () => {
    // Its own ids: the other feed of this file starts at the same second.
    const feed = new MatchSimulator({
      idPrefix: 'season-end-',
      seed: 'season-end',
      startAt,
      fixturesPerSeason: 2,
      correctionProbability: 0,
    });
    const markets = createMarketBook(feed);
    const { book, sender } = bookOn(feed, markets);
    const outright = feed
      .outrights()
      .find(
        (candidate) =>
          candidate.fixturesLeft.length === 2 && markets.outrightMarket(candidate.id)?.status === 'open',
      );
    if (!outright) throw new Error('No season ahead');
    const selections = markets.outrightMarket(outright.id)?.selections ?? [];
    const slips = new Map<string, bigint>();
    for (const { key } of selections) {
      const placed = await book.place(newPlayer(), single(outrightLeg(markets, outright, key), '2'));
      if (!placed.isAccepted) throw new Error(placed.message);
      slips.set(key, placed.slip.id);
    }
    const settlements: Array<Promise<number>> = [];
    let ending: OutrightResult | undefined;
    const unsubscribe = feed.subscribe((event) => {
      if (event.type !== 'outright_settled' || event.fixtureId !== outright.id) return;
      ending = event.result;
      settlements.push(book.settleFixture(event.fixtureId, event.result));
    });
    let wasClosed = false;
    for (let step = 0; step < 120 && !ending; step += 1) {
      feed.tick(minute / 4);
      if (feed.outright(outright.id)?.status !== 'closed') continue;
      wasClosed = true;
      const [key, slipId] = [...slips][0] ?? [];
      const slip = slipId === undefined ? undefined : await repository.findSlip(store, slipId);
      if (!slip || key === undefined) throw new Error('No slip');
      expect(book.cashOutValueOf(slip)).toBeNull();
      const leg = { marketId: `${outright.id}:outright`, selection: key, odds: 1_500 };
      expect(await book.place(newPlayer(), { ...single(leg, '1'), acceptOdds: 'any' })).toMatchObject({
        isAccepted: false,
        refusal: 'market_unavailable',
      });
    }
    unsubscribe();
    expect(wasClosed).toBe(true);
    if (!ending) throw new Error('The season did not end');
    expect((await Promise.all(settlements)).reduce((sum, count) => sum + count, 0)).toBe(slips.size);
    const top = feed.outright(outright.id)?.standings[0]?.competitorId;
    for (const [key, slipId] of slips) {
      const expected = ending.status === 'void' ? 'void' : key === top ? 'won' : 'lost';
      expect((await repository.findSlip(store, slipId))?.status, key).toBe(expected);
    }
    await sender.close();
    markets.close();
  });
});
