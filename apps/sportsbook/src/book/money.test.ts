import { describe, expect, it } from 'vitest';
import { centsToProtocol, formatCents, parseCents, protocolToCents } from './money';

describe('book money', () => {
  it('parses stakes to the cent and refuses anything finer or malformed', () => {
    expect(parseCents('12.5')).toBe(1250n);
    expect(parseCents('0.07')).toBe(7n);
    expect(parseCents('100')).toBe(10_000n);
    for (const bad of ['1.005', '-1', '1e3', '', 'abc', '1.']) expect(parseCents(bad)).toBeNull();
  });

  it('converts to and from the protocol units exactly', () => {
    // 3.56 is 356000 in the protocol.
    expect(centsToProtocol(356n)).toBe(356_000n);
    expect(protocolToCents(356_999n)).toBe(356n);
    expect(formatCents(-1205n)).toBe('-12.05');
  });
});
