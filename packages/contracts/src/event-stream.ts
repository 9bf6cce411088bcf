/**
 * The client side of the platform's server-sent event streams (the member's signals, a poker table, the console's
 * live chat): a parser of the format and a follower that reconnects with backoff. Read with fetch, not
 * EventSource, so a session's bearer token can travel in the Authorization header.
 */
/** One dispatched server-sent event (the WHATWG event-stream format). */
export type ServerSentEvent = { type: string; data: string; id: string | null };

export type EventStreamParser = {
  /** Feeds decoded text (any chunking) and answers the events it completed. */
  push: (chunk: string) => ServerSentEvent[];
  /** The reconnection time the server last asked for with `retry:`, if any. */
  retryMs: () => number | null;
};

/**
 * Parses text/event-stream: lines end with CRLF, LF or CR; a blank line dispatches the event gathered so far
 * (only when it has data, as browsers do); lines starting with ":" are comments (the server's heartbeat);
 * `event`, `data`, `id` and `retry` are the fields, anything else is ignored.
 */
export const createEventStreamParser = (): EventStreamParser => {
  let buffer = '';
  let type = '';
  let data: string[] = [];
  let lastId: string | null = null;
  let retry: number | null = null;

  const processLine = (line: string, events: ServerSentEvent[]): void => {
    if (line === '') {
      if (data.length > 0) events.push({ type: type || 'message', data: data.join('\n'), id: lastId });
      type = '';
      data = [];
      return;
    }
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    const rawValue = colon === -1 ? '' : line.slice(colon + 1);
    const value = rawValue.startsWith(' ') ? rawValue.slice(1) : rawValue;
    if (field === 'event') type = value;
    else if (field === 'data') data.push(value);
    else if (field === 'id' && !value.includes('\0')) lastId = value;
    else if (field === 'retry' && /^\d+$/.test(value)) retry = Number(value);
  };

  // A chunk that ended with CR may be followed by the LF of the same CRLF at the start of the next one.
  let isAfterCr = false;

  return {
    push: (chunk) => {
      buffer += isAfterCr && chunk.startsWith('\n') ? chunk.slice(1) : chunk;
      isAfterCr = false;
      const events: ServerSentEvent[] = [];
      let lineStart = 0;
      for (let index = 0; index < buffer.length; index += 1) {
        const character = buffer[index];
        if (character !== '\n' && character !== '\r') continue;
        processLine(buffer.slice(lineStart, index), events);
        if (character === '\r') {
          if (index === buffer.length - 1) isAfterCr = true;
          else if (buffer[index + 1] === '\n') index += 1;
        }
        lineStart = index + 1;
      }
      buffer = buffer.slice(lineStart);
      return events;
    },
    retryMs: () => retry,
  };
};

export type FollowEventStreamOptions = {
  /** Aborting ends the stream and every wait (logout, unmount). */
  signal: AbortSignal;
  onEvent: (event: ServerSentEvent) => void;
  /** Back after a drop: signals sent meanwhile are lost, so the caller refreshes what they would have. */
  onReconnect: () => void;
  /** Opens the stream: answers the response, or throws (a refusal, a network failure). */
  openStream: (signal: AbortSignal) => Promise<Response>;
  /** Whether what `openStream` threw means trying again cannot help (the session ended); never by default. */
  isFinal?: (error: unknown) => boolean;
  /** The first wait before reconnecting, until the server's `retry:` replaces it; doubles per failure. */
  initialDelayMs?: number;
  maxDelayMs?: number;
};

const wait = (ms: number, signal: AbortSignal): Promise<void> =>
  new Promise((resolve) => {
    if (signal.aborted) {
      resolve();
      return;
    }
    const finish = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', finish);
      resolve();
    };
    const timer = setTimeout(finish, ms);
    signal.addEventListener('abort', finish, { once: true });
  });

const readEvents = async (
  response: Response,
  parser: EventStreamParser,
  onEvent: (event: ServerSentEvent) => void,
  signal: AbortSignal,
): Promise<void> => {
  const reader = response.body?.getReader();
  if (reader === undefined) return;
  const decoder = new TextDecoder();
  const stopReading = () => {
    reader.cancel().catch(() => undefined);
  };
  signal.addEventListener('abort', stopReading, { once: true });
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done || signal.aborted) return;
      for (const event of parser.push(decoder.decode(value, { stream: true }))) onEvent(event);
    }
  } finally {
    signal.removeEventListener('abort', stopReading);
  }
};

/** The wait before the next attempt: the base doubled per failure in a row, never above the maximum. */
export const reconnectDelay = (failures: number, baseMs: number, maxMs: number): number =>
  Math.min(maxMs, baseMs * 2 ** Math.min(failures, 16));

/**
 * Reads the stream for as long as the signal allows: a drop or a failed attempt waits (with backoff) and
 * connects again; only an abort or a final refusal (the session ended) stops it.
 */
export const followEventStream = async ({
  signal,
  onEvent,
  onReconnect,
  openStream,
  isFinal = () => false,
  initialDelayMs = 1000,
  maxDelayMs = 30_000,
}: FollowEventStreamOptions): Promise<void> => {
  let baseMs = initialDelayMs;
  let failures = 0;
  let hasConnected = false;
  // A function, not the property: the signal changes while this waits.
  const isStopped = () => signal.aborted;
  while (!isStopped()) {
    try {
      const response = await openStream(signal);
      if (isStopped()) return;
      if (hasConnected) onReconnect();
      hasConnected = true;
      failures = 0;
      const parser = createEventStreamParser();
      try {
        await readEvents(response, parser, onEvent, signal);
      } finally {
        baseMs = parser.retryMs() ?? baseMs;
      }
    } catch (error) {
      if (isStopped()) return;
      if (isFinal(error)) return;
      failures += 1;
    }
    await wait(reconnectDelay(failures, baseMs, maxDelayMs), signal);
  }
};
