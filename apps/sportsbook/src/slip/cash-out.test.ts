import { describe, expect, it } from 'vitest';
import { cashOutValue, partialCashOut, type CashOutRequest } from './cash-out';

const single: CashOutRequest['kind'] = { type: 'single' };
const accumulator: CashOutRequest['kind'] = { type: 'accumulator' };

describe('cashOutValue', () => {
  it('prices an open single at placed / current odds less the margin', () => {
    // 1000 × 2.0 / 1.6 × (1 − 0.05) = 1000 × 1.25 × 0.95 = 1187.5 → 1187
    expect(
      cashOutValue({
        kind: single,
        stake: 1000n,
        legs: [{ placedOdds: 2000, currentOdds: 1600 }],
        marginBasisPoints: 500,
      }),
    ).toBe(1187n);
  });

  it('carries a won leg of an accumulator at its odds', () => {
    // 1000 × 1.5 (won) × 2.0 / 1.25 (open) = 1000 × 1.5 × 1.6 = 2400, no margin
    expect(
      cashOutValue({
        kind: accumulator,
        stake: 1000n,
        legs: [
          { placedOdds: 1500, outcome: 'win' },
          { placedOdds: 2000, currentOdds: 1250 },
        ],
        marginBasisPoints: 0,
      }),
    ).toBe(2400n);
  });

  it('carries a void leg at 1 and a half-won leg at (1 + odds) / 2', () => {
    // 1000 × 1 (void) × 1.8 / 2.4 × 0.95 = 1000 × 0.75 × 0.95 = 712.5 → 712
    expect(
      cashOutValue({
        kind: accumulator,
        stake: 1000n,
        legs: [
          { placedOdds: 3000, outcome: 'void' },
          { placedOdds: 1800, currentOdds: 2400 },
        ],
        marginBasisPoints: 500,
      }),
    ).toBe(712n);
    // 1000 × (1 + 1.9) / 2 × 2.1 / 3.0 × 0.98 = 1000 × 1.45 × 0.7 × 0.98 = 994.7 → 994
    expect(
      cashOutValue({
        kind: accumulator,
        stake: 1000n,
        legs: [
          { placedOdds: 1900, outcome: 'half_win' },
          { placedOdds: 2100, currentOdds: 3000 },
        ],
        marginBasisPoints: 200,
      }),
    ).toBe(994n);
  });

  it('never offers more than the payout cap', () => {
    // 1000 × 10.0 / 1.01 = 9900.99…, capped at 5000
    expect(
      cashOutValue({
        kind: single,
        stake: 1000n,
        legs: [{ placedOdds: 10_000, currentOdds: 1010 }],
        marginBasisPoints: 0,
        maxPayout: 5000n,
      }),
    ).toBe(5000n);
  });

  it.each<[string, CashOutRequest]>([
    [
      'a suspended market',
      {
        kind: accumulator,
        stake: 1000n,
        legs: [
          { placedOdds: 1500, currentOdds: 1400 },
          { placedOdds: 2000, isSuspended: true },
        ],
        marginBasisPoints: 500,
      },
    ],
    [
      'a lost leg',
      {
        kind: accumulator,
        stake: 1000n,
        legs: [
          { placedOdds: 1500, outcome: 'lose' },
          { placedOdds: 2000, currentOdds: 1800 },
        ],
        marginBasisPoints: 500,
      },
    ],
    [
      'a system bet',
      {
        kind: { type: 'named_system', name: 'trixie' },
        stake: 400n,
        legs: [
          { placedOdds: 1500, currentOdds: 1400 },
          { placedOdds: 2000, currentOdds: 1900 },
          { placedOdds: 2500, currentOdds: 2400 },
        ],
        marginBasisPoints: 500,
      },
    ],
    [
      'no open leg left',
      { kind: single, stake: 1000n, legs: [{ placedOdds: 2000, outcome: 'win' }], marginBasisPoints: 500 },
    ],
  ])('offers nothing on %s', (_, request) => {
    expect(cashOutValue(request)).toBeNull();
  });

  it('refuses a margin outside 0 to 10000 basis points', () => {
    const request: CashOutRequest = {
      kind: single,
      stake: 1000n,
      legs: [{ placedOdds: 2000, currentOdds: 1600 }],
      marginBasisPoints: 10_001,
    };
    expect(() => cashOutValue(request)).toThrow(/Basis points/);
    expect(() => cashOutValue({ ...request, marginBasisPoints: 2.5 })).toThrow(/Basis points/);
  });
});

describe('partialCashOut', () => {
  it('pays the fraction of the value and keeps the rest of the stake on', () => {
    // 1187 × 25 % = 296.75 → 296; 1000 × 75 % = 750 stays on
    expect(partialCashOut(1187n, 1000n, 2500)).toEqual({ paidNow: 296n, remainingStake: 750n });
    // 999 × 50 % = 499.5 → 499; 333 × 50 % = 166.5 → 166
    expect(partialCashOut(999n, 333n, 5000)).toEqual({ paidNow: 499n, remainingStake: 166n });
    // all of it: a full cash-out
    expect(partialCashOut(1187n, 1000n, 10_000)).toEqual({ paidNow: 1187n, remainingStake: 0n });
  });

  it('refuses a fraction outside 1 to 10000 basis points', () => {
    expect(() => partialCashOut(1187n, 1000n, 0)).toThrow(/1 to 10000/);
    expect(() => partialCashOut(1187n, 1000n, 10_001)).toThrow(/1 to 10000/);
  });
});
