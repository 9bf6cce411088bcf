import { describe, expect, it } from 'vitest';
import { slipKindCode, slipKindOf } from './slip-codes';

describe('slip kind codes', () => {
  it('round-trips every kind', () => {
    for (const code of ['single', 'accumulator', 'trixie', 'yankee', 'system:2/3', 'system:2+3/4']) {
      const kind = slipKindOf(code);
      expect(kind && slipKindCode(kind)).toBe(code);
    }
  });

  it('refuses codes that name no kind', () => {
    for (const code of ['double', 'system:4/3', 'system:0/3', 'system:/3', 'constructor']) {
      expect(slipKindOf(code)).toBeNull();
    }
  });
});
