import type { VendorWalletStatus } from '@wps/contracts/vendor-wallet';
import type { AttemptResult, WalletClient } from '@wps/vendor-wallet-client/wallet-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MatchSimulator } from '../feed/simulator';
import { createMarketBook } from '../pricing/market-book';
import { schemaStatements } from '../store/schema';
import type { Store } from '../store/store';
import { openTestStore } from '../testing/test-store';
import { createWalletCallSender, recordWalletCalls, walletCallRow } from '../wallet/wallet-calls';
import { type BookLimits, type BookSession, createBookService, defaultLimits } from './book.service';
import * as repository from './slips.repository';

/**
 * The book against its store (PostgreSQL when DATABASE_URL is set, else PGlite) and a wallet that answers as
 * each test tells it: the exposure kept per market and player, the limits under a burst, and what a refused,
 * settled or cashed-out slip gives back.
 */

let store: Store;
let closeStore: () => Promise<void>;

beforeAll(async () => {
  ({ store, close: closeStore } = await openTestStore('wps_sb_book'));
}, 30_000);

afterAll(() => closeStore());

const feed = new MatchSimulator({ seed: 'book-test', startAt: Date.parse('2026-11-27T12:00:00Z') });
const markets = createMarketBook(feed);
afterAll(() => {
  markets.close();
});

/** Each test takes matches of its own (their winner market), so tests share the store without meeting. */
const winnerMarkets = feed
  .fixtures()
  .filter((fixture) => fixture.status === 'scheduled')
  .flatMap((fixture) => {
    const market = markets
      .marketsOf(fixture.id)
      .find((offered) => offered.spec.kind === 'match_result' || offered.spec.kind === 'moneyline');
    // The favourite: its price is under 3.00, which the limits below count on.
    const selection = market?.selections.reduce((low, candidate) =>
      candidate.odds < low.odds ? candidate : low,
    );
    return market && selection
      ? [
          {
            fixtureId: fixture.id,
            leg: { marketId: market.id, selection: selection.key, odds: selection.odds },
          },
        ]
      : [];
  });
let nextMarket = 0;
const takeMarket = () => {
  const taken = winnerMarkets[nextMarket++];
  if (!taken) throw new Error('no scheduled match left');
  return taken;
};

/** How the wallet answers a call (by method); a bet is RS_OK unless told otherwise. */
type Answer = VendorWalletStatus | 'no-answer';
const walletWith = (answerOf: (method: string) => Answer) => {
  const sent: Array<{ method: string; requestUuid: string }> = [];
  const client: WalletClient = {
    prepare: () => Promise.reject(new Error('not used by the book')),
    prepareText: async (vendorCode, method, requestUuid, body) => ({
      vendorCode,
      method,
      requestUuid,
      body,
      signature: '',
    }),
    send: async (call): Promise<AttemptResult> => {
      sent.push({ method: call.method, requestUuid: call.requestUuid });
      const status = answerOf(call.method);
      if (status === 'no-answer') return { kind: 'no-answer', reason: 'lost' };
      return {
        kind: 'answer',
        isFinal: status !== 'RS_ERROR_UNKNOWN',
        answer: { user: '1', status, request_uuid: call.requestUuid, currency: 'USD', balance: 0n },
      };
    },
    sendWithRetries: () => Promise.reject(new Error('not used by the book')),
  };
  return { client, sent };
};

const bookWith = (limits: Partial<BookLimits> = {}, answerOf: (method: string) => Answer = () => 'RS_OK') => {
  const wallet = walletWith(answerOf);
  const sender = createWalletCallSender({ store, client: wallet.client });
  const book = createBookService({
    store,
    feed,
    markets,
    sender,
    limits: { ...defaultLimits, inPlayDelayMs: [0, 0], ...limits },
  });
  return { book, sender, sent: wallet.sent };
};

let nextPlayer = 0;
const newPlayer = (): BookSession => ({
  user: `player${(nextPlayer += 1)}`,
  token: 'token',
  vendorCode: 'SBTEST',
  gameCode: 'sports',
  currency: 'USD',
});

const single = (leg: ReturnType<typeof takeMarket>['leg'], stake: string) => ({
  kind: 'single',
  legs: [leg],
  stakePerLine: stake,
  acceptOdds: 'none' as const,
});

/** The exposure rows against what the open slips add up to, for the market. */
const exposure = async (marketId: string) => {
  const kept = await repository.exposureOf(store, marketId);
  const [summed] = await store.query<{ liability: string | bigint; stakes: Record<string, number> | null }>(
    `select coalesce(sum(s.potential_return), 0) as liability,
       (select json_object_agg(player, stake) from (
          select s.player, sum(s.total_stake) as stake from sb_legs l join sb_slips s on s.id = l.slip_id
          where l.market_id = $1 and s.status in ('placing', 'open') group by s.player) p) as stakes
     from sb_legs l join sb_slips s on s.id = l.slip_id
     where l.market_id = $1 and s.status in ('placing', 'open')`,
    [marketId],
  );
  const stakes = (map: Map<string, bigint>) =>
    Object.fromEntries(
      [...map].filter(([, amount]) => amount !== 0n).map(([player, amount]) => [player, amount]),
    );
  return {
    kept: { liability: kept.liability, stakes: stakes(kept.stakes) },
    summed: {
      liability: BigInt(summed?.liability ?? 0),
      stakes: stakes(
        new Map(Object.entries(summed?.stakes ?? {}).map(([player, amount]) => [player, BigInt(amount)])),
      ),
    },
  };
};

const callsOf = (slipId: bigint) =>
  store.query<{ method: string; status: string; answer_status: string | null }>(
    `select method, status, answer_status from sb_wallet_calls where slip_id = $1 order by id`,
    [slipId.toString()],
  );

describe('the exposure the book keeps per market and player', () => {
  it('adds an accepted slip to its market and gives it back when the slip settles', async () => {
    const { book } = bookWith();
    const { fixtureId, leg } = takeMarket();
    const player = newPlayer();
    const placed = await book.place(player, single(leg, '10'));
    if (!placed.isAccepted) throw new Error(placed.refusal);
    const potential = (1_000n * BigInt(leg.odds)) / 1_000n;
    expect(placed.slip).toMatchObject({ status: 'open', totalStake: 1_000n, potentialReturn: potential });
    expect(placed.slip.legs).toMatchObject([{ marketId: leg.marketId, outcome: null }]);
    expect(await repository.findSlip(store, placed.slip.id)).toMatchObject({
      status: 'open',
      roundRef: placed.slip.roundRef,
      legs: [{ marketId: leg.marketId, fixtureName: placed.slip.legs[0]?.fixtureName }],
    });
    expect(await callsOf(placed.slip.id)).toEqual([
      { method: 'transaction/bet', status: 'done', answer_status: 'RS_OK' },
    ]);
    expect((await exposure(leg.marketId)).kept).toEqual({
      liability: potential,
      stakes: { [player.user]: 1_000n },
    });

    expect(await book.settleFixture(fixtureId, { status: 'final', score: { home: 2, away: 0 } })).toBe(1);
    expect(await exposure(leg.marketId)).toEqual({
      kept: { liability: 0n, stakes: {} },
      summed: { liability: 0n, stakes: {} },
    });
    expect((await callsOf(placed.slip.id)).map((call) => call.method)).toEqual([
      'transaction/bet',
      'transaction/win',
    ]);
    // The same result again moves nothing and writes no second call.
    expect(await book.settleFixture(fixtureId, { status: 'final', score: { home: 2, away: 0 } })).toBe(0);
    expect(await callsOf(placed.slip.id)).toHaveLength(2);
  });

  it('gives back the exposure of a slip the wallet refuses, one it never answers, and one voided or cashed out', async () => {
    const { fixtureId, leg } = takeMarket();
    const player = newPlayer();
    const poor = await bookWith({}, () => 'RS_ERROR_NOT_ENOUGH_MONEY').book.place(player, single(leg, '5'));
    expect(poor).toMatchObject({ isAccepted: false, refusal: 'not_enough_money' });
    const silent = await bookWith({}, (method) =>
      method === 'transaction/bet' ? 'no-answer' : 'RS_OK',
    ).book.place(player, single(leg, '6'));
    expect(silent).toMatchObject({ isAccepted: false, refusal: 'wallet_unavailable' });
    expect((await exposure(leg.marketId)).kept).toEqual({ liability: 0n, stakes: {} });

    const { book } = bookWith();
    const kept = await book.place(player, single(leg, '7'));
    const cashed = await book.place(player, single(leg, '8'));
    if (!kept.isAccepted || !cashed.isAccepted) throw new Error('refused');
    const value = book.cashOutValueOf(cashed.slip);
    if (value === null) throw new Error('no cash-out');
    await book.cashOut(player.user, cashed.slip.id, value);
    expect(await exposure(leg.marketId)).toEqual({
      kept: { liability: kept.slip.potentialReturn, stakes: { [player.user]: 700n } },
      summed: { liability: kept.slip.potentialReturn, stakes: { [player.user]: 700n } },
    });

    await book.settleFixture(fixtureId, { status: 'void', reason: 'postponed' });
    expect((await exposure(leg.marketId)).kept).toEqual({ liability: 0n, stakes: {} });
    expect((await callsOf(kept.slip.id)).map((call) => call.method)).toEqual([
      'transaction/bet',
      'transaction/rollback',
    ]);
  });

  it('refuses a slip over the market liability or the player stake limit, and a refused slip writes nothing', async () => {
    const first = takeMarket();
    const second = takeMarket();
    // Room for one 20.00 single on the first market; one 1.00 per player on the second.
    const maxLiabilityPerMarket = (2_000n * BigInt(first.leg.odds)) / 1_000n + 50n;
    const roomy = bookWith({ maxLiabilityPerMarket, maxStakePerPlayerPerMarket: 1_000_000n }).book;
    const strict = bookWith({ maxLiabilityPerMarket, maxStakePerPlayerPerMarket: 100n }).book;
    expect(await roomy.place(newPlayer(), single(first.leg, '20'))).toMatchObject({ isAccepted: true });
    expect(await roomy.place(newPlayer(), single(first.leg, '20'))).toMatchObject({
      isAccepted: false,
      refusal: 'liability',
    });
    const player = newPlayer();
    expect(await strict.place(player, single(second.leg, '1'))).toMatchObject({ isAccepted: true });
    expect(await strict.place(player, single(second.leg, '1'))).toMatchObject({
      isAccepted: false,
      refusal: 'player_limit',
    });
    // An accumulator that fits the second market but not the first leaves both as they were.
    const before = await Promise.all([exposure(first.leg.marketId), exposure(second.leg.marketId)]);
    const slips = await store.query(`select count(*)::int as count from sb_slips`);
    const accumulator = await roomy.place(newPlayer(), {
      kind: 'accumulator',
      legs: [first.leg, second.leg],
      stakePerLine: '1',
      acceptOdds: 'none',
    });
    expect(accumulator).toMatchObject({ isAccepted: false, refusal: 'liability' });
    expect(await Promise.all([exposure(first.leg.marketId), exposure(second.leg.marketId)])).toEqual(before);
    expect(await store.query(`select count(*)::int as count from sb_slips`)).toEqual(slips);
    for (const { kept, summed } of before) expect(kept).toEqual(summed);
    // Without the first market it fits.
    expect(await roomy.place(newPlayer(), single(second.leg, '1'))).toMatchObject({ isAccepted: true });
  });

  it('holds both limits under a burst of slips on one market', async () => {
    const { leg } = takeMarket();
    const potential = (1_000n * BigInt(leg.odds)) / 1_000n;
    const { book } = bookWith({ maxLiabilityPerMarket: potential * 7n, maxStakePerPlayerPerMarket: 3_000n });
    const players = [newPlayer(), newPlayer(), newPlayer(), newPlayer()];
    const answers = await Promise.all(
      Array.from({ length: 24 }, (_, index) =>
        book.place(players[index % 4] ?? newPlayer(), single(leg, '10')),
      ),
    );
    const accepted = answers.flatMap((answer) => (answer.isAccepted ? [answer.slip.player] : []));
    expect(accepted).toHaveLength(7);
    for (const player of players)
      expect(accepted.filter((user) => user === player.user).length).toBeLessThanOrEqual(3);
    const refusals = new Set(answers.flatMap((answer) => (answer.isAccepted ? [] : [answer.refusal])));
    expect([...refusals].every((refusal) => refusal === 'liability' || refusal === 'player_limit')).toBe(
      true,
    );
    const { kept, summed } = await exposure(leg.marketId);
    expect(kept).toEqual(summed);
    expect(kept.liability).toBe(potential * 7n);
  });

  it('is rebuilt from the open slips when a store first gets it', async () => {
    const { leg } = takeMarket();
    const { book } = bookWith();
    const player = newPlayer();
    await book.place(player, single(leg, '3'));
    await book.place(player, single(leg, '4'));
    const before = await exposure(leg.marketId);
    await store.query('drop table sb_exposure');
    for (const statement of schemaStatements) await store.query(statement);
    expect(await exposure(leg.marketId)).toEqual(before);
    expect(before.kept.stakes).toEqual({ [player.user]: 700n });
  });
});

describe('the closing calls a settlement writes', () => {
  it('keeps each body byte for byte, whatever characters it holds', async () => {
    const { fixtureId, leg } = takeMarket();
    const { book } = bookWith();
    const placed = await book.place(newPlayer(), single(leg, '1'));
    if (!placed.isAccepted) throw new Error(placed.refusal);
    const call = walletCallRow({
      method: 'transaction/win',
      vendorCode: 'SBTEST',
      amount: 0n,
      fields: { round: placed.slip.roundRef, note: 'a "quoted", {braced} back\\slash\nNULL é' },
    });
    const moved = await repository.moveSlips(
      store,
      [{ id: placed.slip.id, status: 'lost', totalReturn: 0n, call }],
      'open',
    );
    expect(moved).toEqual(new Set([placed.slip.id]));
    const [written] = await store.query<{ body: string; request_uuid: string }>(
      `select body, request_uuid from sb_wallet_calls where slip_id = $1 and method = 'transaction/win'`,
      [placed.slip.id.toString()],
    );
    expect(written).toEqual({ body: call.body, request_uuid: call.request_uuid });
    expect(await book.settleFixture(fixtureId, { status: 'final', score: { home: 0, away: 0 } })).toBe(0);
  });
});

describe('recovery after a stop', () => {
  it('opens a half-placed slip whose bet was taken and gives up one without an answer, giving back its exposure', async () => {
    const { leg } = takeMarket();
    const player = newPlayer();
    const { book } = bookWith();
    const taken = await book.place(player, single(leg, '2'));
    const lost = await book.place(player, single(leg, '3'));
    if (!taken.isAccepted || !lost.isAccepted) throw new Error('refused');
    // As a stop would leave them: both still being placed, the first bet answered, the second never.
    await store.query(`update sb_slips set status = 'placing' where id = any($1::bigint[])`, [
      [taken.slip.id.toString(), lost.slip.id.toString()],
    ]);
    await store.query(
      `update sb_wallet_calls set status = 'pending', answer_status = null where slip_id = $1`,
      [lost.slip.id.toString()],
    );
    const restarted = bookWith();
    expect(await restarted.book.recover()).toBe(2);
    await restarted.sender.close();
    expect((await repository.findSlip(store, taken.slip.id))?.status).toBe('open');
    expect((await repository.findSlip(store, lost.slip.id))?.status).toBe('refused');
    expect(await exposure(leg.marketId)).toEqual({
      kept: { liability: taken.slip.potentialReturn, stakes: { [player.user]: 200n } },
      summed: { liability: taken.slip.potentialReturn, stakes: { [player.user]: 200n } },
    });
    expect(restarted.sent.map((call) => call.method)).toEqual(['transaction/rollback']);
  });
});

describe('the wallet call sender', () => {
  it('never runs two sends at once: a kick during a run sends what is due once, after it', async () => {
    const { fixtureId, leg } = takeMarket();
    const { book, sender, sent } = bookWith();
    for (const stake of ['1', '2', '3']) await book.place(newPlayer(), single(leg, stake));
    await store.query(
      `update sb_wallet_calls set next_attempt_at = now() + interval '1 hour' where status = 'pending'`,
    );
    // settleFixture kicks the sender once it has written the wins; more kicks come while that run is under way.
    await book.settleFixture(fixtureId, { status: 'final', score: { home: 1, away: 0 } });
    sender.kick();
    sender.kick();
    await sender.close();
    const wins = sent.filter((call) => call.method === 'transaction/win');
    expect(wins).toHaveLength(3);
    expect(new Set(wins.map((call) => call.requestUuid)).size).toBe(3);
  });

  it('holds the background sends while a fixture settles, and sends what waited after it', async () => {
    const first = takeMarket();
    const second = takeMarket();
    let isSettled = false;
    const sentWhileSettling: boolean[] = [];
    const { book, sender } = bookWith({}, (method) => {
      if (method !== 'transaction/bet') sentWhileSettling.push(!isSettled);
      return 'RS_OK';
    });
    const earlier = await book.place(newPlayer(), single(first.leg, '1'));
    const player = newPlayer();
    await book.place(player, single(second.leg, '1'));
    if (!earlier.isAccepted) throw new Error(earlier.refusal);
    // A call due when the settlement starts, as one whose answer was lost would be.
    await recordWalletCalls(store, [
      {
        slipId: earlier.slip.id,
        player: earlier.slip.player,
        method: 'transaction/win',
        vendorCode: 'SBTEST',
        amount: 0n,
        fields: { user: earlier.slip.player, round: earlier.slip.roundRef },
      },
    ]);
    const settling = book.settleFixture(second.fixtureId, { status: 'final', score: { home: 2, away: 2 } });
    sender.kick(); // as the sender's timer would
    expect(await settling).toBe(1);
    isSettled = true;
    await sender.close();
    expect(sentWhileSettling).toEqual([false, false]);
  });

  it('tries a call without a final answer again later', async () => {
    const { fixtureId, leg } = takeMarket();
    const { book, sender } = bookWith({}, (method) => (method === 'transaction/bet' ? 'RS_OK' : 'no-answer'));
    const placed = await book.place(newPlayer(), single(leg, '1'));
    if (!placed.isAccepted) throw new Error(placed.refusal);
    await book.settleFixture(fixtureId, { status: 'final', score: { home: 1, away: 1 } });
    await sender.close();
    const [closing] = await store.query<{ status: string; attempts: number; is_later: boolean }>(
      `select status, attempts, next_attempt_at > now() + interval '0.5 second' as is_later from sb_wallet_calls
       where slip_id = $1 and method <> 'transaction/bet'`,
      [placed.slip.id.toString()],
    );
    expect(closing).toEqual({ status: 'pending', attempts: 1, is_later: true });
  });
});
