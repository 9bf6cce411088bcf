import { afterEach, describe, expect, it, vi } from 'vitest';
import { chooseTheme, readTheme } from './theme';

const prefer = (scheme: 'light' | 'dark') => {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({ matches: query === `(prefers-color-scheme: ${scheme})` })),
  );
};

describe('theme', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('follows the system setting on a first visit', () => {
    prefer('light');
    expect(readTheme()).toBe('light');
    prefer('dark');
    expect(readTheme()).toBe('dark');
  });

  it("keeps the visitor's choice over the system setting", () => {
    prefer('light');
    chooseTheme('dark');
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(window.localStorage.getItem('theme')).toBe('dark');
    expect(readTheme()).toBe('dark');
  });
});
