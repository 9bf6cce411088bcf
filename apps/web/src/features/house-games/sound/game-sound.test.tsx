import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildMemberInfo } from '../../../testing/mock-api';
import { getMemberInfoQueryOptions } from '../../members/api/get-member-info';
import { isSoundMuted, playSound, resetGameSoundForTests, setSoundMuted } from './game-sound';
import { SoundToggle } from './sound-toggle';

/** A stand-in for the browser's AudioContext that counts what the sounds create. */
const created = { contexts: 0, oscillators: 0 };
class FakeAudioContext {
  state = 'running';
  currentTime = 0;
  destination = {};
  constructor() {
    created.contexts += 1;
  }
  createGain() {
    const param = { value: 1, setValueAtTime: vi.fn(), exponentialRampToValueAtTime: vi.fn() };
    return { gain: param, connect: (next: unknown) => next };
  }
  createOscillator() {
    created.oscillators += 1;
    const param = { setValueAtTime: vi.fn(), exponentialRampToValueAtTime: vi.fn() };
    return {
      type: 'sine',
      frequency: param,
      connect: (next: unknown) => next,
      start: vi.fn(),
      stop: vi.fn(),
    };
  }
  resume = () => Promise.resolve();
  suspend = () => Promise.resolve();
}

/** The toggle on a page of a signed-in member (`memberId`). */
const renderToggle = (memberId: string) => {
  const queryClient = new QueryClient();
  window.sessionStorage.setItem('token', `token-${memberId}`);
  queryClient.setQueryData(
    getMemberInfoQueryOptions(`token-${memberId}`).queryKey,
    buildMemberInfo({ id: memberId }),
  );
  return render(
    <QueryClientProvider client={queryClient}>
      <SoundToggle />
    </QueryClientProvider>,
  );
};

beforeEach(() => {
  created.contexts = 0;
  created.oscillators = 0;
  resetGameSoundForTests();
  vi.stubGlobal('AudioContext', FakeAudioContext);
});
afterEach(() => {
  resetGameSoundForTests();
});

describe('house game sounds', () => {
  it('creates no audio before a gesture, then plays once the member has touched the page', () => {
    renderToggle('m-1');
    playSound('win');
    expect(created).toEqual({ contexts: 0, oscillators: 0 });

    fireEvent.pointerDown(document.body);
    expect(created.contexts).toBe(1);
    playSound('win');
    expect(created.oscillators).toBeGreaterThan(0);
  });

  it('plays nothing while muted, and a muted member’s gesture starts no audio', () => {
    setSoundMuted('m-1', true);
    renderToggle('m-1');
    expect(screen.getByRole('button', { name: 'Mute sound' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.keyDown(document.body, { key: 'a' });
    playSound('chip');
    expect(created).toEqual({ contexts: 0, oscillators: 0 });

    // Unmuting is itself the gesture that starts audio.
    fireEvent.click(screen.getByRole('button', { name: 'Mute sound' }));
    expect(created.contexts).toBe(1);
    playSound('chip');
    const afterChip = created.oscillators;
    expect(afterChip).toBeGreaterThan(0);

    fireEvent.click(screen.getByRole('button', { name: 'Mute sound' }));
    playSound('crash');
    expect(created.oscillators).toBe(afterChip);
  });

  it('remembers the switch per member: one member muting leaves another’s sound on', () => {
    const first = renderToggle('m-1');
    fireEvent.click(screen.getByRole('button', { name: 'Mute sound' }));
    expect(window.localStorage.getItem('sound-muted:m-1')).toBe('1');
    first.unmount();

    // A fresh page (nothing kept in memory) reads each member's choice back.
    resetGameSoundForTests();
    expect(isSoundMuted('m-2')).toBe(false);
    const second = renderToggle('m-2');
    expect(screen.getByRole('button', { name: 'Mute sound' }).getAttribute('aria-pressed')).toBe('false');
    second.unmount();
    renderToggle('m-1');
    expect(screen.getByRole('button', { name: 'Mute sound' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('plays nothing once no game page is shown', () => {
    const page = renderToggle('m-1');
    fireEvent.pointerDown(document.body);
    page.unmount();
    playSound('win');
    expect(created.oscillators).toBe(0);
  });
});
