import { describe, expect, it } from 'vitest';
import { fromLocalInput, toLocalInput } from './local-time';

describe('datetime-local values', () => {
  it('round-trip an instant through the operator’s clock, to the minute', () => {
    const instant = new Date(2026, 10, 29, 7, 5).toISOString();
    expect(toLocalInput(instant)).toBe('2026-11-29T07:05');
    expect(fromLocalInput(toLocalInput(instant))).toBe(instant);
  });

  it('show nothing for no instant, and leave text that is not a time for the schema', () => {
    expect(toLocalInput(null)).toBe('');
    expect(toLocalInput('soon')).toBe('');
    expect(fromLocalInput('  ')).toBeNull();
    expect(fromLocalInput('soon')).toBe('soon');
  });
});
