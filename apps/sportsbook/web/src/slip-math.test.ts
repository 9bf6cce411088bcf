import { describe, expect, it } from 'vitest';
import { formatCents, maximumSystemReturn, parseStake, potentialReturn, systemOptionsFor } from './slip-math';

describe('stakes', () => {
  it('reads amounts to the cent and refuses the rest', () => {
    expect(parseStake('10')).toBe(1000n);
    expect(parseStake('2.5')).toBe(250n);
    expect(parseStake('2,05')).toBe(205n);
    expect(parseStake('0')).toBeNull();
    expect(parseStake('1.234')).toBeNull();
    expect(parseStake('-1')).toBeNull();
    expect(formatCents(1005n)).toBe('10.05');
  });
});

describe('returns', () => {
  it('floors stake × exact combined odds to the cent', () => {
    expect(potentialReturn(1000n, [1955, 2105])).toBe(4115n);
    expect(potentialReturn(333n, [1001])).toBe(333n);
  });

  it('adds up every line of a system', () => {
    const [trixie] = systemOptionsFor(3).filter((option) => option.kind === 'trixie');
    if (!trixie) throw new Error('A Trixie fits three legs.');
    expect(maximumSystemReturn(100n, trixie.slipKind, [2000, 2000, 2000])).toBe(3n * 400n + 800n);
  });
});

describe('systemOptionsFor', () => {
  it('offers what fits the leg count with its lines', () => {
    const offered = (legs: number) => systemOptionsFor(legs).map(({ kind, lines }) => `${kind}=${lines}`);
    expect(offered(2)).toEqual([]);
    expect(offered(3)).toEqual(['system:2/3=3', 'trixie=4', 'patent=7']);
    expect(offered(4)).toEqual(['yankee=11', 'lucky15=15', 'system:2/4=6', 'system:3/4=4']);
    expect(offered(5)).toEqual(['canadian=26']);
    expect(offered(6)).toEqual(['heinz=57']);
    expect(offered(7)).toEqual([]);
  });
});
