import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LiveClock } from './live-clock';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('the live clock', () => {
  it('ticks every second with one formatter for its language, not a new one each second', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date(2025, 0, 2, 3, 4, 5));
    const built = vi.spyOn(Intl, 'DateTimeFormat');
    render(<LiveClock />);
    const clock = screen.getByTestId('header-clock');
    const first = clock.textContent;
    act(() => {
      vi.advanceTimersByTime(3_000);
    });
    expect(clock.textContent).not.toBe(first);
    expect(clock.textContent).toContain('03:04:08');
    expect(built).toHaveBeenCalledTimes(1);
  });
});
