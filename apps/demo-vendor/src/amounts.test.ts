import { describe, expect, it } from 'vitest';
import { formatProtocolAmount, unitsToProtocol } from './amounts';

describe('protocol amounts', () => {
  it('scales whole units by 100,000', () => {
    expect(unitsToProtocol(5)).toBe(500_000n);
    expect(unitsToProtocol(50n)).toBe(5_000_000n);
  });

  it('shows two decimals, cut rather than rounded up', () => {
    expect(formatProtocolAmount(356_000n)).toBe('3.56');
    expect(formatProtocolAmount(356_999n)).toBe('3.56');
    expect(formatProtocolAmount(0n)).toBe('0.00');
    expect(formatProtocolAmount(100_000_000n)).toBe('1000.00');
    expect(formatProtocolAmount(-150_000n)).toBe('-1.50');
  });
});
