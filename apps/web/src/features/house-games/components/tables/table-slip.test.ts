import { describe, expect, it } from 'vitest';
import type { MyTableBet } from '../../api/tables-queries';
import { chipValues, doubled, lastRoundSlip, limitBroken, withChip } from './table-slip';

const bet = (roundNumber: number, spot: string, amount: string): MyTableBet => ({
  betId: `${roundNumber}${spot}`,
  roundId: String(roundNumber),
  roundNumber,
  tableId: 'BAC-A',
  spot,
  amount,
  currency: 'USD',
  status: 'SETTLED',
  returned: '0',
});

describe('the table slip', () => {
  it('offers chips from the table minimum up, within its maximum', () => {
    expect(chipValues({ minStake: '10000', maxStake: '50000000', maxPerRound: '1' })).toEqual([
      10_000n,
      50_000n,
      100_000n,
      500_000n,
      1_000_000n,
      5_000_000n,
    ]);
    expect(chipValues({ minStake: '1000', maxStake: '5000', maxPerRound: '1' })).toEqual([
      1_000n,
      2_500n,
      5_000n,
    ]);
  });

  it('rebets the latest round before the current one, and doubles a slip', () => {
    const bets = [
      bet(8, 'player', '500'),
      bet(7, 'banker', '1000'),
      bet(7, 'tie', '200'),
      bet(6, 'tie', '9'),
    ];
    const slip = lastRoundSlip(bets, '8');
    expect([...slip]).toEqual([
      ['banker', 1000n],
      ['tie', 200n],
    ]);
    expect([...doubled(slip)]).toEqual([
      ['banker', 2000n],
      ['tie', 400n],
    ]);
    expect(lastRoundSlip([], null).size).toBe(0);
  });

  it('counts what is already placed against the spot and round limits', () => {
    const limits = { minStake: '100', maxStake: '1000', maxPerRound: '1500' };
    const placed = new Map([['player', 600n]]);
    expect(limitBroken(withChip(new Map(), 'player', 400n), placed, limits)).toBeNull();
    expect(limitBroken(withChip(new Map(), 'player', 500n), placed, limits)).toBe('spot_max');
    expect(limitBroken(new Map([['banker', 1000n]]), placed, limits)).toBe('round_max');
  });
});
