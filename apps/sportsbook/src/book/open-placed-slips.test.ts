import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store } from '../store/store';
import { openTestStore } from '../testing/test-store';
import { walletCallRow } from '../wallet/wallet-calls';
import * as repository from './slips.repository';

/**
 * A placement whose bet the wallet took opens in a light statement of its own (placing a slip is the book's
 * busiest path): the slip opens once, its bet's answer is recorded, and its exposure stays taken. On PostgreSQL
 * when DATABASE_URL is set, else PGlite.
 */

let store: Store;
let closeStore: () => Promise<void>;

beforeAll(async () => {
  ({ store, close: closeStore } = await openTestStore('wps_sb_open'));
}, 30_000);

afterAll(() => closeStore());

const limits = { maxLiabilityPerMarket: 1_000_000n, maxStakePerPlayerPerMarket: 1_000_000n };
const marketId = 'open-test:match_result';

const slipToPlace = (index: number): repository.SlipToPlace => {
  const roundRef = `sb-open-test-${String(index)}`;
  return {
    slip: {
      roundRef,
      player: `player-${String(index)}`,
      currency: 'USD',
      vendorCode: 'SB',
      gameCode: 'sportsbook',
      kind: 'single',
      lineCount: 1,
      stakePerLine: 100n,
      totalStake: 100n,
      potentialReturn: 250n,
      legs: [
        {
          leg: 0,
          fixtureId: 'open-test',
          marketId,
          market: { kind: 'match_result' },
          selection: 'home',
          odds: 2500,
        },
      ],
    },
    fixtures: [
      {
        id: 'open-test',
        sport: 'football',
        league: 'League',
        home: 'Home',
        away: 'Away',
        kickOffAt: new Date('2026-11-27T12:00:00Z'),
        status: 'scheduled',
      },
    ],
    bet: walletCallRow({
      method: 'transaction/bet',
      vendorCode: 'SB',
      amount: 100_000n,
      fields: { user: `player-${String(index)}`, round: roundRef, token: 'token', currency: 'USD' },
    }),
  };
};

const statusOf = async (slipId: bigint): Promise<string | undefined> =>
  (await repository.findSlip(store, slipId))?.status;

describe('opening placed slips', () => {
  it('opens each answered placement once, records its answer, and keeps its exposure', async () => {
    const placed = (await repository.placeSlips(store, [0, 1, 2].map(slipToPlace), limits)).flatMap(
      (placement) => (typeof placement === 'object' ? [placement] : []),
    );
    expect(placed).toHaveLength(3);
    const [first, second, third] = placed;
    if (!first || !second || !third) throw new Error('not placed');
    const answered = [first, second].map((placement) => ({
      id: placement.id,
      answered: { id: placement.callId, answerStatus: 'RS_OK', attempts: 1 },
    }));

    expect(await repository.openPlacedSlips(store, answered)).toEqual(new Set([first.id, second.id]));
    expect(await statusOf(first.id)).toBe('open');
    expect(await statusOf(second.id)).toBe('open');
    expect(await statusOf(third.id)).toBe('placing');
    expect(await repository.betCallOf(store, first.id)).toMatchObject({
      answerStatus: 'RS_OK',
      isDone: true,
    });
    expect(await repository.betCallOf(store, third.id)).toMatchObject({ answerStatus: null, isDone: false });
    // Opening leaves the market's liability and each player's stake as placing took them.
    const exposure = await repository.exposureOf(store, marketId);
    expect(exposure.liability).toBe(750n);
    expect(exposure.stakes.get('player-0')).toBe(100n);

    // A slip opens once: again, nothing moves.
    expect(await repository.openPlacedSlips(store, answered.slice(0, 1))).toEqual(new Set());
    expect(await repository.openPlacedSlips(store, [])).toEqual(new Set());
  });
});
