import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createEventStreamParser,
  followEventStream,
  reconnectDelay,
  type ServerSentEvent,
} from './event-stream';

describe('event-stream parser', () => {
  it('dispatches each event at its blank line and skips comments', () => {
    const parser = createEventStreamParser();
    expect(parser.push('retry: 3000\n: connected\n\n')).toEqual([]);
    expect(parser.push('event: balance\ndata: {}\n\n: heartbeat\n\nevent: message\ndata: {}\n\n')).toEqual([
      { type: 'balance', data: '{}', id: null },
      { type: 'message', data: '{}', id: null },
    ]);
    expect(parser.retryMs()).toBe(3000);
  });

  it('joins frames split anywhere across chunks, including a CRLF', () => {
    const parser = createEventStreamParser();
    const frame = 'event: balance\r\ndata: {"a":1}\r\n\r\n';
    const events: ServerSentEvent[] = [];
    for (const character of frame) events.push(...parser.push(character));
    expect(events).toEqual([{ type: 'balance', data: '{"a":1}', id: null }]);
  });

  it('follows the format: CR line ends, multi-line data, ids, default type, no data no event', () => {
    const parser = createEventStreamParser();
    expect(parser.push('data:first\rdata: second\rid: 7\r\r')).toEqual([
      { type: 'message', data: 'first\nsecond', id: '7' },
    ]);
    // An event with no data is not dispatched, and its type does not leak into the next one.
    expect(parser.push('event: balance\n\ndata: x\n\n')).toEqual([{ type: 'message', data: 'x', id: '7' }]);
    // Unknown fields and a bad retry are ignored; an incomplete event waits.
    expect(parser.push('foo: bar\nretry: soon\nevent: balance\ndata: {}\n')).toEqual([]);
    expect(parser.retryMs()).toBeNull();
    expect(parser.push('\n')).toEqual([{ type: 'balance', data: '{}', id: '7' }]);
  });
});

/** A response whose body the test writes to. */
const openStream = () => {
  const encoder = new TextEncoder();
  const holder: { controller: ReadableStreamDefaultController<Uint8Array> | null } = { controller: null };
  const body = new ReadableStream<Uint8Array>({
    start: (controller) => {
      holder.controller = controller;
    },
  });
  const controller = () => {
    if (holder.controller === null) throw new Error('The stream has not started.');
    return holder.controller;
  };
  return {
    response: new Response(body, { headers: { 'content-type': 'text/event-stream' } }),
    send: (text: string) => {
      controller().enqueue(encoder.encode(text));
    },
    drop: () => {
      controller().close();
    },
  };
};

describe('followEventStream', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('doubles the wait per failure up to the maximum', () => {
    expect([0, 1, 2, 3, 10, 100].map((failures) => reconnectDelay(failures, 1000, 30_000))).toEqual([
      1000, 2000, 4000, 8000, 30_000, 30_000,
    ]);
  });

  it('hands on events, reconnects after a drop and after failures with backoff, and stops on abort', async () => {
    vi.useFakeTimers();
    const streams: ReturnType<typeof openStream>[] = [];
    const attempts: number[] = [];
    let failuresLeft = 2;
    const open = vi.fn((_signal: AbortSignal) => {
      attempts.push(Date.now());
      if (streams.length === 1 && failuresLeft > 0) {
        failuresLeft -= 1;
        return Promise.reject(new Error('down'));
      }
      const stream = openStream();
      streams.push(stream);
      return Promise.resolve(stream.response);
    });
    const events: string[] = [];
    const onReconnect = vi.fn();
    const controller = new AbortController();
    const done = followEventStream({
      signal: controller.signal,
      onEvent: (event) => events.push(event.type),
      onReconnect,
      openStream: open,
      initialDelayMs: 100,
      maxDelayMs: 1000,
    });

    await vi.waitFor(() => {
      expect(streams).toHaveLength(1);
    });
    streams[0]?.send('event: balance\ndata: {}\n\n');
    await vi.waitFor(() => {
      expect(events).toEqual(['balance']);
    });
    expect(onReconnect).not.toHaveBeenCalled();

    const droppedAt = Date.now();
    streams[0]?.drop();
    // Dropped: wait 100 ms, fail (wait 200), fail again (wait 400), then connect.
    await vi.advanceTimersByTimeAsync(100 + 200 + 400);
    expect(attempts.map((time) => time - droppedAt)).toEqual([expect.any(Number), 100, 300, 700]);
    expect(streams).toHaveLength(2);
    expect(onReconnect).toHaveBeenCalledTimes(1);

    streams[1]?.send('event: message\ndata: {}\n\n');
    await vi.waitFor(() => {
      expect(events).toEqual(['balance', 'message']);
    });

    controller.abort();
    await done;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(open).toHaveBeenCalledTimes(4);
  });

  it('uses the retry time the server asks for', async () => {
    vi.useFakeTimers();
    const streams: ReturnType<typeof openStream>[] = [];
    const open = vi.fn((_signal: AbortSignal) => {
      const stream = openStream();
      streams.push(stream);
      return Promise.resolve(stream.response);
    });
    const controller = new AbortController();
    const done = followEventStream({
      signal: controller.signal,
      onEvent: () => undefined,
      onReconnect: () => undefined,
      openStream: open,
      initialDelayMs: 100,
    });
    await vi.waitFor(() => {
      expect(streams).toHaveLength(1);
    });
    streams[0]?.send('retry: 3000\n\n');
    streams[0]?.drop();
    await vi.advanceTimersByTimeAsync(2999);
    expect(open).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(open).toHaveBeenCalledTimes(2);
    controller.abort();
    await done;
  });

  it('gives up on a refusal the caller calls final, and tries again after any other', async () => {
    const refusal = new Error('logged out');
    const open = vi
      .fn((_signal: AbortSignal) => Promise.reject(refusal))
      .mockRejectedValueOnce(new Error('down'));
    await followEventStream({
      signal: new AbortController().signal,
      onEvent: () => undefined,
      onReconnect: () => undefined,
      openStream: open,
      isFinal: (error) => error === refusal,
      initialDelayMs: 10,
    });
    expect(open).toHaveBeenCalledTimes(2);
  });
});
