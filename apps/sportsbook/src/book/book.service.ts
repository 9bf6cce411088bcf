import { randomInt, randomUUID } from 'node:crypto';
import { setTimeout as wait } from 'node:timers/promises';
import type { MilliOdds, Outcome, SettlementResult } from '../domain';
import type { FeedSource, Fixture, Outright } from '../feed/feed-source';
import type { MarketBook, OfferedMarket } from '../pricing/market-book';
import { settleSelection } from '../settlement/settle-selection';
import { cashOutValue, type CashOutLeg, partialCashOut } from '../slip/cash-out';
import { potentialReturn, settleSlip } from '../slip/settle-slip';
import { assertValidSlip, lineCount, type SlipKind } from '../slip/slip-kinds';
import { createBatcher } from '../store/batcher';
import type { Store } from '../store/store';
import {
  recordedCall,
  recordWalletCalls,
  walletCallRow,
  type NewWalletCall,
  type RecordedCall,
  type WalletCallSender,
} from '../wallet/wallet-calls';
import { centsToProtocol, parseCents } from './money';
import { slipKindCode, slipKindOf } from './slip-codes';
import * as repository from './slips.repository';
import type { SlipRow } from './slips.repository';

/** Who is betting: the platform's player and launch (the token is checked on bets only). */
export type BookSession = {
  user: string;
  token: string;
  vendorCode: string;
  gameCode: string;
  currency: string;
};

/** Amounts in cents. */
export type BookLimits = {
  minStakePerLine: bigint;
  maxStakePerSlip: bigint;
  /** The most a slip may return. */
  maxPayout: bigint;
  /** The most the book may stand to pay on one market across all open slips (their potential returns). */
  maxLiabilityPerMarket: bigint;
  /** The most one player may have staked on one market across his open slips. */
  maxStakePerPlayerPerMarket: bigint;
  /** An in-play slip waits a random time in this range before it is checked again and accepted. */
  inPlayDelayMs: readonly [number, number];
  cashOutMarginBasisPoints: number;
};

export const defaultLimits: BookLimits = {
  minStakePerLine: 100n,
  maxStakePerSlip: 500_000n,
  maxPayout: 10_000_000n,
  maxLiabilityPerMarket: 5_000_000n,
  maxStakePerPlayerPerMarket: 200_000n,
  inPlayDelayMs: [5_000, 8_000],
  cashOutMarginBasisPoints: 500,
};

export type OddsAcceptance = 'any' | 'higher' | 'none';
export type LegRequest = { marketId: string; selection: string; odds: MilliOdds };
export type SlipRequest = {
  kind: string;
  legs: readonly LegRequest[];
  stakePerLine: string;
  acceptOdds: OddsAcceptance;
};

export type Refusal =
  | 'invalid_slip'
  | 'market_unavailable'
  | 'odds_changed'
  | 'stake_too_low'
  | 'stake_too_high'
  | 'player_limit'
  | 'liability'
  | 'not_enough_money'
  | 'wallet_refused'
  | 'wallet_unavailable';

export type PlaceResult =
  | { isAccepted: true; slip: SlipRow }
  | { isAccepted: false; refusal: Refusal; message: string; current?: LegRequest[] };

export class BookError extends Error {
  constructor(
    readonly refusal: Refusal | 'not_found' | 'no_cash_out' | 'cash_out_changed',
    message: string,
  ) {
    super(message);
  }
}

/**
 * What a leg is on: a fixture, or a season's outright (whose id stands in the leg's fixture). `record` is its row
 * of sb_fixtures (an outright's home is its league, its away its season); `isLive`: its prices move with play now,
 * so the in-play delay applies (an outright while a fixture of its season is in play).
 */
type OfferedEvent = {
  id: string;
  isLive: boolean;
  isOutright: boolean;
  record: repository.FixtureRecord;
  /** How the bet's description names a selection of it. */
  describe: (marketId: string, selection: string) => string;
};

type Offer = { event: OfferedEvent; market: OfferedMarket; odds: MilliOdds };

const fixtureEvent = (fixture: Fixture): OfferedEvent => ({
  id: fixture.id,
  isLive: fixture.status === 'live',
  isOutright: false,
  record: {
    id: fixture.id,
    sport: fixture.sport,
    league: fixture.league.name,
    home: fixture.home.name,
    away: fixture.away.name,
    kickOffAt: new Date(fixture.kickOffAt),
    status: fixture.status,
  },
  describe: (marketId, selection) =>
    `${fixture.home.name} v ${fixture.away.name} ${marketId.split(':').slice(1).join(' ')} ${selection}`,
});

const outrightEvent = (outright: Outright, isLive: boolean): OfferedEvent => ({
  id: outright.id,
  isLive,
  isOutright: true,
  record: {
    id: outright.id,
    sport: outright.sport,
    league: outright.league.name,
    home: outright.league.name,
    away: `Season ${String(outright.season)}`,
    kickOffAt: new Date(outright.startsAt),
    status: outright.status,
  },
  describe: (_marketId, selection) =>
    `${outright.league.name} season ${String(outright.season)} outright ${
      outright.competitors.find(({ id }) => id === selection)?.name ?? selection
    }`,
});

/** Open slips settled per statement. */
const defaultSettlementChunk = 5_000;

const refuse = (refusal: Refusal, message: string, current?: LegRequest[]): PlaceResult => ({
  isAccepted: false,
  refusal,
  message,
  ...(current ? { current } : {}),
});

/** A readable account of the slip for the platform's betting record (the bet's free text). */
const describeSlip = (kind: string, legs: ReadonlyArray<{ description: string; odds: MilliOdds }>): string =>
  `${kind}: ${legs.map((leg) => `${leg.description} @ ${(leg.odds / 1000).toFixed(3)}`).join(' | ')}`.slice(
    0,
    4096,
  );

export const createBookService = ({
  store,
  feed,
  markets,
  sender,
  limits = defaultLimits,
  settlementChunk = defaultSettlementChunk,
}: {
  store: Store;
  feed: FeedSource;
  markets: MarketBook;
  sender: WalletCallSender;
  limits?: BookLimits;
  /** Slips settled per statement (tests make it small to stop a settlement between chunks). */
  settlementChunk?: number;
}) => {
  const fixtureIdOf = (marketId: string): string => marketId.split(':')[0] ?? '';

  /** The market and price on offer now, or undefined when the selection cannot be bet. */
  const findOffer = (leg: Pick<LegRequest, 'marketId' | 'selection'>): Offer | undefined => {
    const ownerId = fixtureIdOf(leg.marketId);
    const fixture = feed.fixture(ownerId);
    if (!fixture) return findOutrightOffer(ownerId, leg);
    if (fixture.status !== 'scheduled' && fixture.status !== 'live') return undefined;
    const market = markets.marketsOf(fixture.id).find((candidate) => candidate.id === leg.marketId);
    const selection = market?.selections.find((candidate) => candidate.key === leg.selection);
    return market && market.status === 'open' && selection
      ? { event: fixtureEvent(fixture), market, odds: selection.odds }
      : undefined;
  };

  /** A season's outright while it is open (until its last fixture kicks off). */
  const findOutrightOffer = (
    outrightId: string,
    leg: Pick<LegRequest, 'marketId' | 'selection'>,
  ): Offer | undefined => {
    const outright = feed.outright(outrightId);
    if (outright?.status !== 'open') return undefined;
    const market = markets.outrightMarket(outright.id);
    if (market?.id !== leg.marketId || market.status !== 'open') return undefined;
    const selection = market.selections.find((candidate) => candidate.key === leg.selection);
    if (!selection) return undefined;
    const isLive = outright.fixturesLeft.some(
      ({ fixtureId }) => fixtureId !== undefined && feed.fixture(fixtureId)?.status === 'live',
    );
    return { event: outrightEvent(outright, isLive), market, odds: selection.odds };
  };

  /** Every leg on offer at a price the player accepts; otherwise why not, with the current prices. */
  const priceLegs = (
    legs: readonly LegRequest[],
    acceptance: OddsAcceptance,
  ): { offers: Offer[] } | { refusal: PlaceResult } => {
    const offers: Offer[] = [];
    for (const leg of legs) {
      const offer = findOffer(leg);
      if (!offer) return { refusal: refuse('market_unavailable', 'A selection is no longer available.') };
      offers.push(offer);
    }
    const isAccepted = offers.every((offer, index) => {
      const seen = legs[index]?.odds ?? 0;
      if (offer.odds === seen || acceptance === 'any') return true;
      return acceptance === 'higher' && offer.odds > seen;
    });
    if (isAccepted) return { offers };
    const current = legs.map((leg, index) => ({ ...leg, odds: offers[index]?.odds ?? leg.odds }));
    return { refusal: refuse('odds_changed', 'The odds changed.', current) };
  };

  const betFields = (session: BookSession, roundRef: string, bet: string) => ({
    user: session.user,
    round: roundRef,
    game_code: session.gameCode,
    currency: session.currency,
    bet,
    is_free: false,
  });

  /** The bet without a final answer is rolled back (the protocol's rule for vendors) and the slip refused. */
  const giveUpBet = async (slip: SlipRow): Promise<void> => {
    const bet = await repository.betCallOf(store, slip.id);
    await store.transaction(async (tx) => {
      if (bet && !bet.isDone) await repository.giveUpCall(tx, bet.id);
      if (
        (await repository.moveSlips(tx, [{ id: slip.id, status: 'refused', totalReturn: null }], 'placing'))
          .size === 0
      )
        return;
      if (!bet) return;
      await recordWalletCalls(tx, [
        {
          slipId: slip.id,
          player: slip.player,
          method: 'transaction/rollback',
          vendorCode: slip.vendorCode,
          amount: 0n,
          fields: {
            user: slip.player,
            round: slip.roundRef,
            round_closed: true,
            game_code: slip.gameCode,
            reference_transaction_uuid: bet.transactionUuid,
          },
        },
      ]);
    });
    sender.kick();
  };

  /** Slips to place, written together with those placed meanwhile (one statement for all at hand). */
  const writePlacement = createBatcher((slips: repository.SlipToPlace[]) =>
    repository.placeSlips(store, slips, limits),
  );

  /**
   * Placements whose bets were answered, moved together with the answers (one statement for all at hand): those
   * opened in a light one of their own, those refused (their exposure given back) in a move.
   */
  const closePlacement = createBatcher(async (moves: repository.SlipMove[]) => {
    const opening = moves.flatMap(({ id, status, answered }) =>
      status === 'open' && answered ? [{ id, answered }] : [],
    );
    const others = moves.filter(({ status, answered }) => status !== 'open' || !answered);
    const [opened, moved] = await Promise.all([
      repository.openPlacedSlips(store, opening),
      repository.moveSlips(store, others, 'placing'),
    ]);
    const closed = new Set([...opened, ...moved]);
    return moves.map(() => closed);
  });

  const place = async (session: BookSession, request: SlipRequest): Promise<PlaceResult> => {
    const kind = slipKindOf(request.kind);
    const stakePerLine = parseCents(request.stakePerLine);
    if (!kind || stakePerLine === null || request.legs.length === 0) {
      return refuse('invalid_slip', 'This slip cannot be placed.');
    }
    let priced = priceLegs(request.legs, request.acceptOdds);
    if ('refusal' in priced) return priced.refusal;
    const slipOf = (offers: readonly Offer[]) => ({
      kind,
      stakePerLine,
      legs: offers.map((offer) => ({ fixtureId: offer.event.id, odds: offer.odds })),
    });
    // A league winner is correlated with its season's matches: decided, it is bet on its own.
    if (kind.type !== 'single' && priced.offers.some((offer) => offer.event.isOutright)) {
      return refuse('invalid_slip', 'A league winner can only be bet as a single.');
    }
    try {
      assertValidSlip(slipOf(priced.offers));
    } catch (error) {
      return refuse('invalid_slip', error instanceof Error ? error.message : 'This slip cannot be placed.');
    }
    const lines = lineCount(kind, request.legs.length);
    const totalStake = stakePerLine * BigInt(lines);
    if (stakePerLine < limits.minStakePerLine)
      return refuse('stake_too_low', 'The stake is below the minimum.');
    if (totalStake > limits.maxStakePerSlip)
      return refuse('stake_too_high', 'The stake is above the maximum.');
    if (priced.offers.some((offer) => offer.event.isLive)) {
      // In play: the price must still stand after the delay (a bettor who saw the goal first gains nothing).
      const [low, high] = limits.inPlayDelayMs;
      await wait(high > low ? randomInt(low, high + 1) : low);
      const accepted = priced.offers;
      priced = priceLegs(
        request.legs.map((leg, index) => ({ ...leg, odds: accepted[index]?.odds ?? leg.odds })),
        request.acceptOdds,
      );
      if ('refusal' in priced) return priced.refusal;
    }
    const offers = priced.offers;
    const potential = potentialReturn(slipOf(offers), limits.maxPayout);
    const legs = offers.map((offer, index) => ({
      leg: index,
      fixtureId: offer.event.id,
      marketId: offer.market.id,
      market: offer.market.spec,
      selection: request.legs[index]?.selection ?? '',
      odds: offer.odds,
      description: offer.event.describe(offer.market.id, request.legs[index]?.selection ?? ''),
    }));
    const code = slipKindCode(kind);
    // The platform's round, made here so the bet's body is fixed before anything is written.
    const roundRef = `sb-${randomUUID().replaceAll('-', '')}`;
    const newSlip = {
      roundRef,
      player: session.user,
      currency: session.currency,
      vendorCode: session.vendorCode,
      gameCode: session.gameCode,
      kind: code,
      lineCount: lines,
      stakePerLine,
      totalStake,
      potentialReturn: potential,
      legs,
    };
    const bet = walletCallRow({
      method: 'transaction/bet',
      vendorCode: session.vendorCode,
      amount: centsToProtocol(totalStake),
      fields: {
        ...betFields(session, roundRef, describeSlip(code, legs)),
        token: session.token,
        round_closed: false,
      },
    });
    const placed = await writePlacement({
      slip: newSlip,
      fixtures: offers.map(({ event }) => event.record),
      bet,
    });
    if (placed === 'liability') return refuse('liability', 'The book takes no more on this market.');
    if (placed === 'player_limit')
      return refuse('player_limit', 'You reached your stake limit on this market.');
    const slip: SlipRow = {
      ...newSlip,
      id: placed.id,
      status: 'placing',
      totalReturn: null,
      cashedOut: 0n,
      placedAt: placed.placedAt,
      settledAt: null,
      legs: legs.map((leg, index) => ({
        leg: leg.leg,
        fixtureId: leg.fixtureId,
        fixtureName: `${offers[index]?.event.record.home ?? ''} v ${offers[index]?.event.record.away ?? ''}`,
        sport: offers[index]?.event.record.sport ?? '',
        marketId: leg.marketId,
        market: leg.market,
        selection: leg.selection,
        odds: leg.odds,
        outcome: null,
      })),
    };
    return completePlacement(
      slip,
      recordedCall(bet, { id: placed.callId, slipId: slip.id, player: slip.player }),
    );
  };

  /**
   * Sends the bet (three tries) and opens the slip on RS_OK, refuses it otherwise, recording the answer in the
   * statement that moves the slip; without a final answer the bet is given up (rolled back).
   */
  const completePlacement = async (slip: SlipRow, call: RecordedCall): Promise<PlaceResult> => {
    let result = await sender.deliver(call);
    let tries = 1;
    for (; tries < 3 && !(result.kind === 'answer' && result.isFinal); tries += 1) {
      await wait(200 * tries);
      result = await sender.deliver(call);
    }
    if (result.kind !== 'answer' || !result.isFinal) {
      await giveUpBet(slip);
      return refuse('wallet_unavailable', 'The wallet did not answer; nothing was taken.');
    }
    const status = result.answer.status;
    await closePlacement({
      id: slip.id,
      status: status === 'RS_OK' ? 'open' : 'refused',
      totalReturn: null,
      answered: { id: call.id, answerStatus: status, attempts: tries },
    });
    if (status === 'RS_OK') return { isAccepted: true, slip: { ...slip, status: 'open' } };
    if (status === 'RS_ERROR_NOT_ENOUGH_MONEY') return refuse('not_enough_money', 'Not enough money.');
    return refuse('wallet_refused', `The wallet refused the bet (${status}).`);
  };

  /** The wallet call that closes a settled slip: its return as a win, or a rollback of the stake when void. */
  /**
   * A void slip's stake is refunded by a rollback of its bet; after a partial cash-out (whose win stands) the stake
   * left on comes back as a win instead: a rollback would refund the whole stake, and the platform refuses to roll
   * back the bet of a round that paid a win.
   */
  const closingCall = (
    slip: Pick<SlipRow, 'id' | 'player' | 'roundRef' | 'gameCode' | 'vendorCode' | 'currency' | 'cashedOut'>,
    betUuid: string,
    status: repository.SlipStatusCode,
    amount: bigint,
  ): NewWalletCall => {
    const common = {
      user: slip.player,
      round: slip.roundRef,
      round_closed: true,
      game_code: slip.gameCode,
      reference_transaction_uuid: betUuid,
    };
    return status === 'void' && slip.cashedOut === 0n
      ? {
          slipId: slip.id,
          player: slip.player,
          method: 'transaction/rollback',
          vendorCode: slip.vendorCode,
          amount: 0n,
          fields: common,
        }
      : {
          slipId: slip.id,
          player: slip.player,
          method: 'transaction/win',
          vendorCode: slip.vendorCode,
          amount: centsToProtocol(amount),
          fields: { ...common, currency: slip.currency, is_free: false },
        };
  };

  const betUuids = async (slipIds: readonly bigint[]): Promise<Map<bigint, string>> => {
    if (slipIds.length === 0) return new Map();
    const rows = await store.query<{ slip_id: string | bigint; transaction_uuid: string }>(
      `select slip_id, transaction_uuid from sb_wallet_calls where method = 'transaction/bet' and slip_id = any($1::bigint[])`,
      [slipIds.map(String)],
    );
    return new Map(rows.map((row) => [BigInt(row.slip_id), row.transaction_uuid]));
  };

  /**
   * Settles what a fixture's result decides: each undecided selection on it, then every open slip whose legs
   * are all decided, thousands at a time, each slip moved once with its closing wallet call in one statement;
   * the calls go out after the last. Safe to run again (after a crash, or for a result heard twice).
   */
  const settleFixture = async (fixtureId: string, result: SettlementResult): Promise<number> => {
    // The background sends wait until the last slip is written: meanwhile they would take the cores it needs.
    const release = sender.hold();
    try {
      const selections = await repository.undecidedSelections(store, fixtureId);
      await repository.decideLegs(
        store,
        fixtureId,
        selections.map((row) => ({
          marketId: row.market_id,
          selection: row.selection,
          outcome: settleSelection(row.market, row.selection, result),
        })),
      );
      let settled = 0;
      // The next chunk is read while this one is written (two connections, both cores).
      const read = (afterId: bigint) => {
        const reading = repository.settlingSlips(store, fixtureId, afterId, settlementChunk);
        reading.catch(() => undefined); // awaited below; a failure is not left unhandled if a write fails first
        return reading;
      };
      let reading = read(0n);
      for (;;) {
        const { slips, scannedTo, isLast } = await reading;
        if (!isLast) reading = read(scannedTo);
        const moves = slips.flatMap((slip) => {
          const kind = slipKindOf(slip.kind);
          if (!kind) return [];
          const outcome = settleSlip(
            { kind, stakePerLine: slip.stakePerLine, legs: slip.legs },
            slip.legs.map((leg): Outcome => leg.outcome ?? 'void'),
            limits.maxPayout,
          );
          if (outcome.status === 'pending') return [];
          const call = closingCall(slip, slip.betUuid, outcome.status, outcome.totalReturn);
          return [
            {
              id: slip.id,
              status: outcome.status,
              totalReturn: outcome.totalReturn,
              call: walletCallRow(call),
            },
          ];
        });
        // Each slip moves once, with its closing call, in one statement.
        settled += (await repository.moveSlips(store, moves, 'open')).size;
        if (isLast) return settled;
      }
    } finally {
      release();
      sender.kick();
    }
  };

  /** What the slip would be paid if cashed out now (null: not offered). */
  const cashOutValueOf = (slip: SlipRow): bigint | null => {
    const kind: SlipKind | null = slipKindOf(slip.kind);
    if (!kind || slip.status !== 'open') return null;
    const legs = slip.legs.map((leg): CashOutLeg => {
      if (leg.outcome) return { placedOdds: leg.odds, outcome: leg.outcome };
      const offer = findOffer(leg);
      return offer
        ? { placedOdds: leg.odds, currentOdds: offer.odds }
        : { placedOdds: leg.odds, isSuspended: true };
    });
    return cashOutValue({
      kind,
      stake: slip.totalStake,
      legs,
      marginBasisPoints: limits.cashOutMarginBasisPoints,
      maxPayout: limits.maxPayout,
    });
  };

  /** Closes an open slip for its cash-out value, if that is still at least what the player was shown. */
  /**
   * Closes an open slip for its cash-out value, if that is still at least what the player was shown; or, for a
   * `fraction` (basis points) below 10,000, pays that part of the value and leaves the rest of the stake on at the
   * placed odds (a win that keeps the round open; the stake left must stay at least the minimum).
   */
  const cashOut = async (
    player: string,
    slipId: bigint,
    shownValue: bigint,
    fraction = 10_000,
  ): Promise<SlipRow> => {
    const slip = await repository.findSlip(store, slipId);
    if (!slip || slip.player !== player) throw new BookError('not_found', 'No such bet.');
    const value = cashOutValueOf(slip);
    if (value === null) throw new BookError('no_cash_out', 'Cash-out is not available for this bet now.');
    if (value < shownValue) throw new BookError('cash_out_changed', 'The cash-out value changed.');
    const uuid = (await betUuids([slip.id])).get(slip.id) ?? '';
    if (fraction < 10_000) return cashOutPart(slip, uuid, value, fraction);
    const call = await store.transaction(async (tx) => {
      const moved = await repository.moveSlips(
        tx,
        [{ id: slip.id, status: 'cashed_out', totalReturn: value }],
        'open',
      );
      if (moved.size === 0) return null;
      const [recorded] = await recordWalletCalls(tx, [closingCall(slip, uuid, 'cashed_out', value)]);
      return recorded ?? null;
    });
    if (!call) throw new BookError('no_cash_out', 'This bet is already settled.');
    // Paid before the answer, so the balance the player sees next has it; without a final answer now, the
    // background sender keeps trying.
    await sender.attempt(call).catch(() => undefined);
    return { ...slip, status: 'cashed_out', totalReturn: value };
  };

  const cashOutPart = async (
    slip: SlipRow,
    betUuid: string,
    value: bigint,
    fraction: number,
  ): Promise<SlipRow> => {
    const kind = slipKindOf(slip.kind);
    const { paidNow, remainingStake } = partialCashOut(value, slip.totalStake, fraction);
    if (!kind || paidNow <= 0n || remainingStake < limits.minStakePerLine) {
      throw new BookError('no_cash_out', 'This part cannot be cashed out; cash out the whole bet instead.');
    }
    const potential = potentialReturn(
      { kind, stakePerLine: remainingStake, legs: slip.legs },
      limits.maxPayout,
    );
    const call = walletCallRow({
      method: 'transaction/win',
      vendorCode: slip.vendorCode,
      amount: centsToProtocol(paidNow),
      fields: {
        user: slip.player,
        round: slip.roundRef,
        round_closed: false,
        game_code: slip.gameCode,
        reference_transaction_uuid: betUuid,
        currency: slip.currency,
        is_free: false,
      },
    });
    const callId = await repository.cashOutPart(store, slip, {
      stake: remainingStake,
      potentialReturn: potential,
      paid: paidNow,
      call,
    });
    if (callId === null) throw new BookError('no_cash_out', 'This bet changed meanwhile; look again.');
    await sender
      .attempt(recordedCall(call, { id: callId, slipId: slip.id, player: slip.player }))
      .catch(() => undefined);
    return {
      ...slip,
      stakePerLine: remainingStake,
      totalStake: remainingStake,
      potentialReturn: potential,
      cashedOut: slip.cashedOut + paidNow,
    };
  };

  return {
    place,
    settleFixture,
    cashOut,
    cashOutValueOf,
    findOffer,
    /** After a restart: slips whose placement stopped half-way are given up (their bet rolled back). */
    recover: async (): Promise<number> => {
      const slips = await repository.placingSlips(store);
      for (const slip of slips) {
        const bet = await repository.betCallOf(store, slip.id);
        if (bet?.answerStatus === 'RS_OK') {
          await repository.moveSlips(store, [{ id: slip.id, status: 'open', totalReturn: null }], 'placing');
        } else if (bet?.isDone) {
          await repository.moveSlips(
            store,
            [{ id: slip.id, status: 'refused', totalReturn: null }],
            'placing',
          );
        } else await giveUpBet(slip);
      }
      return slips.length;
    },
    listSlips: (player: string, isOpen: boolean, limit = 50) =>
      repository.listSlips(store, player, isOpen, limit),
  };
};

export type BookService = ReturnType<typeof createBookService>;
