import { afterEach, describe, expect, it, vi } from 'vitest';
import { readChoice, rememberChoice } from './storage';

describe('remembered choices', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('keep a choice for the visit when the frame may not use storage', () => {
    const denied = () => {
      throw new DOMException('Access is denied for this document.', 'SecurityError');
    };
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(denied);
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(denied);
    expect(readChoice('sportsbook.test')).toBeNull();
    rememberChoice('sportsbook.test', 'malay');
    expect(readChoice('sportsbook.test')).toBe('malay');
  });
});
