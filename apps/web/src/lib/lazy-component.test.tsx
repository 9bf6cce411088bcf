import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChunkLoadError, chunkLoadTimeoutMs, lazyComponent, loadChunk } from './lazy-component';

afterEach(() => {
  vi.useRealTimers();
});

describe('loading a chunk', () => {
  it('raises a ChunkLoadError named after the chunk when the network refuses it', async () => {
    const failing = loadChunk('login', () =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
    );
    await expect(failing).rejects.toBeInstanceOf(ChunkLoadError);
    await expect(failing).rejects.toThrow('Loading chunk login failed');
  });

  it('gives up after the spec timeout of 120000 ms', async () => {
    vi.useFakeTimers();
    const pending = loadChunk('member', () => new Promise<never>(() => undefined));
    const outcome = expect(pending).rejects.toThrow('Loading chunk member failed');
    await vi.advanceTimersByTimeAsync(chunkLoadTimeoutMs - 1);
    await vi.advanceTimersByTimeAsync(1);
    await outcome;
    expect(chunkLoadTimeoutMs).toBe(120_000);
  });

  it('answers with the English sections the first load leaves out, fetched once beside the code', async () => {
    let arrive: (value: undefined) => void = () => undefined;
    const dictionary = new Promise<undefined>((resolve) => {
      arrive = resolve;
    });
    const loadDeferredDictionary = vi.fn(() => dictionary);
    vi.resetModules();
    vi.doMock('./i18n', () => ({ loadDeferredDictionary }));
    const fresh = await import('./lazy-component');
    let isLoaded = false;
    const loading = fresh
      .loadChunk('bonus-details', () => Promise.resolve('code'))
      .then((module) => {
        isLoaded = true;
        return module;
      });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(isLoaded).toBe(false);
    arrive(undefined);
    await expect(loading).resolves.toBe('code');
    expect(loadDeferredDictionary).toHaveBeenCalledTimes(1);
    vi.doUnmock('./i18n');
  });

  it('renders a lazy component once its code has arrived', async () => {
    const Greeting = lazyComponent('greeting', () =>
      Promise.resolve(({ name }: { name: string }) => <p>Hello {name}</p>),
    );
    render(<Greeting name="Ann" />);
    expect(await screen.findByText('Hello Ann')).toBeTruthy();
  });
});
