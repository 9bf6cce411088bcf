import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import {
  describeMarket,
  describeSelection,
  describeSelectionBriefly,
  describeSelectionInFull,
  formatLine,
  groupMarkets,
} from './labels';

const teams = { home: 'Arsenal', away: 'Chelsea' };
const t = i18next.t.bind(i18next);

describe('formatLine', () => {
  it('shows quarters as goals, handicaps signed', () => {
    expect(formatLine(-1, true)).toBe('−0.25');
    expect(formatLine(6, true)).toBe('+1.5');
    expect(formatLine(0, true)).toBe('0');
    expect(formatLine(10, false)).toBe('2.5');
    expect(formatLine(-3, false)).toBe('−0.75');
  });
});

describe('selection labels', () => {
  it('gives each side of a handicap its own sign', () => {
    const market = { kind: 'asian_handicap' as const, line: -1 };
    expect(describeSelection(market, 'home', teams, t)).toBe('Arsenal −0.25');
    expect(describeSelection(market, 'away', teams, t)).toBe('Chelsea +0.25');
  });

  it('names totals, scores and the rest', () => {
    expect(describeSelection({ kind: 'total', line: 10 }, 'over', teams, t)).toBe('O 2.5');
    expect(describeSelection({ kind: 'total', line: 10 }, 'under', teams, t)).toBe('U 2.5');
    expect(describeSelection({ kind: 'correct_score' }, '2-1', teams, t)).toBe('2-1');
    expect(describeSelection({ kind: 'correct_score' }, 'other', teams, t)).toBe('Any other score');
    expect(describeSelection({ kind: 'btts' }, 'yes', teams, t)).toBe('Yes');
    expect(describeSelection({ kind: 'match_result' }, 'draw', teams, t)).toBe('Draw');
  });

  it('keeps fixture rows brief: 1 X 2 and bare lines', () => {
    const brief = (market: Parameters<typeof describeSelectionBriefly>[0], selection: string) =>
      describeSelectionBriefly(market, selection, teams, t);
    expect(['home', 'draw', 'away'].map((side) => brief({ kind: 'match_result' }, side))).toEqual([
      '1',
      'X',
      '2',
    ]);
    expect(brief({ kind: 'asian_handicap', line: 6 }, 'away')).toBe('−1.5');
    expect(brief({ kind: 'total', line: 10 }, 'over')).toBe('O 2.5');
  });

  it('says in full what a screen reader reads', () => {
    expect(describeSelectionInFull({ kind: 'match_result' }, 'home', teams, t)).toBe('Arsenal to win');
    expect(describeSelectionInFull({ kind: 'map_winner', map: 2 }, 'away', teams, t)).toBe(
      'Map 2 winner: Chelsea to win',
    );
    expect(describeSelectionInFull({ kind: 'total', line: 10 }, 'over', teams, t)).toBe('Total: O 2.5');
  });

  it('names maps and rounds', () => {
    expect(describeMarket({ kind: 'round_winner', map: 1, round: 7 }, t)).toBe('Map 1 · round 7 winner');
  });
});

describe('groupMarkets', () => {
  it('orders groups as a player looks for them and leaves out empty ones', () => {
    const groups = groupMarkets([
      { kind: 'round_winner' as const, map: 1, round: 3 },
      { kind: 'total' as const, line: 10 },
      { kind: 'moneyline' as const },
    ]);
    expect(groups.map((group) => group.key)).toEqual(['result', 'totals', 'rounds']);
  });
});
