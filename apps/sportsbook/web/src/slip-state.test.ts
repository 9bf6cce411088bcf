import { describe, expect, it } from 'vitest';
import { maximumSlipLegs, updateSlip, type SlipLeg } from './slip-state';

const leg = (fixtureId: string, marketId: string, selection = 'home', odds = 2000): SlipLeg => ({
  fixtureId,
  teams: { home: 'H', away: 'A' },
  marketId,
  market: { kind: 'match_result' },
  selection,
  odds,
});

describe('updateSlip', () => {
  it('adds, replaces within a fixture, and takes off', () => {
    const one = updateSlip([], { type: 'toggle', leg: leg('f1', 'f1:mr') });
    const two = updateSlip(one, { type: 'toggle', leg: leg('f2', 'f2:mr') });
    const replaced = updateSlip(two, { type: 'toggle', leg: leg('f1', 'f1:mr', 'draw') });
    expect(replaced.map((held) => `${held.marketId}/${held.selection}`)).toEqual([
      'f1:mr/draw',
      'f2:mr/home',
    ]);
    expect(updateSlip(replaced, { type: 'toggle', leg: leg('f1', 'f1:mr', 'draw') })).toHaveLength(1);
  });

  it('stops at the most legs a slip takes', () => {
    const full = Array.from({ length: maximumSlipLegs }, (_, index) => leg(`f${index}`, `m${index}`));
    expect(updateSlip(full, { type: 'toggle', leg: leg('extra', 'extra:mr') })).toHaveLength(maximumSlipLegs);
  });

  it('reprices the legs the server quoted again', () => {
    const legs = [leg('f1', 'f1:mr'), leg('f2', 'f2:mr')];
    const repriced = updateSlip(legs, {
      type: 'reprice',
      current: [{ marketId: 'f2:mr', selection: 'home', odds: 1850 }],
    });
    expect(repriced.map((held) => held.odds)).toEqual([2000, 1850]);
  });
});
