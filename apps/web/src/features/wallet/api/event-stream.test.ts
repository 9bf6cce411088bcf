import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { followEvents } from './event-stream';

describe('followEvents', () => {
  it('gives up when the session is gone', async () => {
    const open = vi.fn((_signal: AbortSignal) => Promise.reject(new ApiError('UNAUTHORIZED', 'logged out')));
    await followEvents({
      signal: new AbortController().signal,
      onEvent: () => undefined,
      onReconnect: () => undefined,
      openStream: open,
    });
    expect(open).toHaveBeenCalledTimes(1);
  });
});
