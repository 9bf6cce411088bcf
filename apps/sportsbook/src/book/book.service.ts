import { randomInt } from 'node:crypto';
import { setTimeout as wait } from 'node:timers/promises';
import type { FixtureResult, MilliOdds, Outcome } from '../domain';
import type { FeedSource, Fixture } from '../feed/feed-source';
import type { MarketBook, OfferedMarket } from '../pricing/market-book';
import { settleSelection } from '../settlement/settle-selection';
import { cashOutValue, type CashOutLeg } from '../slip/cash-out';
import { potentialReturn, settleSlip } from '../slip/settle-slip';
import { assertValidSlip, lineCount, type SlipKind } from '../slip/slip-kinds';
import type { Store } from '../store/store';
import { recordWalletCalls, type NewWalletCall, type WalletCallSender } from '../wallet/wallet-calls';
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

type Offer = { fixture: Fixture; market: OfferedMarket; odds: MilliOdds };

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
}: {
  store: Store;
  feed: FeedSource;
  markets: MarketBook;
  sender: WalletCallSender;
  limits?: BookLimits;
}) => {
  const fixtureIdOf = (marketId: string): string => marketId.split(':')[0] ?? '';

  /** The market and price on offer now, or undefined when the selection cannot be bet. */
  const findOffer = (leg: Pick<LegRequest, 'marketId' | 'selection'>): Offer | undefined => {
    const fixture = feed.fixture(fixtureIdOf(leg.marketId));
    if (!fixture || (fixture.status !== 'scheduled' && fixture.status !== 'live')) return undefined;
    const market = markets.marketsOf(fixture.id).find((candidate) => candidate.id === leg.marketId);
    const selection = market?.selections.find((candidate) => candidate.key === leg.selection);
    return market && market.status === 'open' && selection
      ? { fixture, market, odds: selection.odds }
      : undefined;
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
      legs: offers.map((offer) => ({ fixtureId: offer.fixture.id, odds: offer.odds })),
    });
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
    if (priced.offers.some((offer) => offer.fixture.status === 'live')) {
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
      fixtureId: offer.fixture.id,
      marketId: offer.market.id,
      market: offer.market.spec,
      selection: request.legs[index]?.selection ?? '',
      odds: offer.odds,
      description: `${offer.fixture.home.name} v ${offer.fixture.away.name} ${offer.market.id.split(':').slice(1).join(' ')} ${request.legs[index]?.selection ?? ''}`,
    }));
    const code = slipKindCode(kind);
    const placed = await store.transaction(async (tx) => {
      const marketIds = legs.map((leg) => leg.marketId);
      await repository.lockMarkets(tx, marketIds);
      await repository.saveFixtures(
        tx,
        offers.map(({ fixture }) => ({
          id: fixture.id,
          sport: fixture.sport,
          league: fixture.league.name,
          home: fixture.home.name,
          away: fixture.away.name,
          kickOffAt: new Date(fixture.kickOffAt),
          status: fixture.status,
        })),
      );
      const exposure = await repository.exposureOn(tx, marketIds, session.user);
      for (const marketId of marketIds) {
        const current = exposure.get(marketId) ?? { liability: 0n, playerStake: 0n };
        if (current.liability + potential > limits.maxLiabilityPerMarket) return 'liability' as const;
        if (current.playerStake + totalStake > limits.maxStakePerPlayerPerMarket)
          return 'player_limit' as const;
      }
      const { id: slipId, roundRef } = await repository.insertSlip(tx, {
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
      });
      const [call] = await recordWalletCalls(tx, [
        {
          slipId,
          player: session.user,
          method: 'transaction/bet',
          vendorCode: session.vendorCode,
          amount: centsToProtocol(totalStake),
          fields: {
            ...betFields(session, roundRef, describeSlip(code, legs)),
            token: session.token,
            round_closed: false,
          },
        },
      ]);
      if (!call) throw new Error('bet call not written');
      return { slipId, call };
    });
    if (placed === 'liability') return refuse('liability', 'The book takes no more on this market.');
    if (placed === 'player_limit')
      return refuse('player_limit', 'You reached your stake limit on this market.');
    return completePlacement(placed.slipId, placed.call);
  };

  /** Sends the bet (three tries) and opens the slip on RS_OK; refuses it otherwise. */
  const completePlacement = async (
    slipId: bigint,
    call: Parameters<WalletCallSender['attempt']>[0],
  ): Promise<PlaceResult> => {
    let result = await sender.attempt(call);
    for (let tries = 1; tries < 3 && !(result.kind === 'answer' && result.isFinal); tries += 1) {
      await wait(200 * tries);
      result = await sender.attempt(call);
    }
    const slip = await repository.findSlip(store, slipId);
    if (!slip) throw new Error('slip vanished');
    if (result.kind !== 'answer' || !result.isFinal) {
      await giveUpBet(slip);
      return refuse('wallet_unavailable', 'The wallet did not answer; nothing was taken.');
    }
    const status = result.answer.status;
    await repository.moveSlips(
      store,
      [{ id: slipId, status: status === 'RS_OK' ? 'open' : 'refused', totalReturn: null }],
      'placing',
    );
    if (status === 'RS_OK') return { isAccepted: true, slip: { ...slip, status: 'open' } };
    if (status === 'RS_ERROR_NOT_ENOUGH_MONEY') return refuse('not_enough_money', 'Not enough money.');
    return refuse('wallet_refused', `The wallet refused the bet (${status}).`);
  };

  /** The wallet call that closes a settled slip: its return as a win, or a rollback of the stake when void. */
  const closingCall = (
    slip: SlipRow,
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
    return status === 'void'
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
   * are all decided, a thousand at a time, each slip moved once with its closing wallet call in the same
   * transaction. Safe to run again (after a crash, or for a result heard twice).
   */
  const settleFixture = async (fixtureId: string, result: FixtureResult): Promise<number> => {
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
    let afterId = 0n;
    for (;;) {
      const slips = await repository.decidedOpenSlips(store, fixtureId, afterId, 1_000);
      if (slips.length === 0) return settled;
      afterId = slips.at(-1)?.id ?? afterId;
      const uuids = await betUuids(slips.map((slip) => slip.id));
      const decided = slips.flatMap((slip) => {
        const kind = slipKindOf(slip.kind);
        if (!kind) return [];
        const outcome = settleSlip(
          { kind, stakePerLine: slip.stakePerLine, legs: slip.legs },
          slip.legs.map((leg): Outcome => leg.outcome ?? 'void'),
          limits.maxPayout,
        );
        return outcome.status === 'pending'
          ? []
          : [{ slip, status: outcome.status, amount: outcome.totalReturn }];
      });
      await store.transaction(async (tx) => {
        const moved = await repository.moveSlips(
          tx,
          decided.map(({ slip, status, amount }) => ({ id: slip.id, status, totalReturn: amount })),
          'open',
        );
        await recordWalletCalls(
          tx,
          decided
            .filter(({ slip }) => moved.has(slip.id))
            .map(({ slip, status, amount }) => closingCall(slip, uuids.get(slip.id) ?? '', status, amount)),
        );
        settled += moved.size;
      });
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
  const cashOut = async (player: string, slipId: bigint, shownValue: bigint): Promise<SlipRow> => {
    const slip = await repository.findSlip(store, slipId);
    if (!slip || slip.player !== player) throw new BookError('not_found', 'No such bet.');
    const value = cashOutValueOf(slip);
    if (value === null) throw new BookError('no_cash_out', 'Cash-out is not available for this bet now.');
    if (value < shownValue) throw new BookError('cash_out_changed', 'The cash-out value changed.');
    const uuid = (await betUuids([slip.id])).get(slip.id) ?? '';
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
