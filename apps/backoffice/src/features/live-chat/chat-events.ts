import { operatorApiPath } from '../../lib/api-client';
import { readStaffToken } from '../../lib/staff-token';

/** One dispatched server-sent event: its `event:` name and its `data:` lines joined. */
export type ChatStreamEvent = { type: string; data: string };

/**
 * Parses text/event-stream as it arrives in chunks: lines end with CRLF, LF or CR; a blank line dispatches the
 * event gathered so far when it has data; lines starting with ":" are comments (the server's heartbeat).
 */
export const createChatEventParser = () => {
  let buffer = '';
  let type = '';
  let data: string[] = [];
  let retryMs: number | null = null;

  const processLine = (line: string, events: ChatStreamEvent[]) => {
    if (line === '') {
      if (data.length > 0) events.push({ type: type || 'message', data: data.join('\n') });
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
    else if (field === 'retry' && /^\d+$/.test(value)) retryMs = Number(value);
  };

  return {
    push: (chunk: string): ChatStreamEvent[] => {
      buffer += chunk;
      const events: ChatStreamEvent[] = [];
      // A CR at the very end may be the first half of a CRLF: it waits for the next chunk.
      const lines = buffer.split(/\r\n|\n|\r(?!$)/);
      buffer = lines.pop() ?? '';
      for (const line of lines) processLine(line, events);
      return events;
    },
    retryMs: () => retryMs,
  };
};

/** Staff without chat.view, or a session that ended: trying again cannot help. */
const isFinalStatus = (status: number) => status === 401 || status === 403;

const wait = (ms: number, signal: AbortSignal): Promise<void> =>
  new Promise((resolve) => {
    const finish = () => {
      window.clearTimeout(timer);
      signal.removeEventListener('abort', finish);
      resolve();
    };
    const timer = window.setTimeout(finish, ms);
    signal.addEventListener('abort', finish, { once: true });
  });

const readEvents = async (
  response: Response,
  onEvent: (event: ChatStreamEvent) => void,
  signal: AbortSignal,
): Promise<number | null> => {
  const reader = response.body?.getReader();
  if (reader === undefined) return null;
  const parser = createChatEventParser();
  const decoder = new TextDecoder();
  const stop = () => {
    reader.cancel().catch(() => undefined);
  };
  signal.addEventListener('abort', stop, { once: true });
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done || signal.aborted) return parser.retryMs();
      for (const event of parser.push(decoder.decode(value, { stream: true }))) onEvent(event);
    }
  } finally {
    signal.removeEventListener('abort', stop);
  }
};

export type FollowChatEventsOptions = {
  /** Aborting ends the stream and every wait (sign-out, leaving the screen). */
  signal: AbortSignal;
  onEvent: (event: ChatStreamEvent) => void;
  /** Back after a drop: signals sent meanwhile are lost, so the caller refetches what they concern. */
  onReconnect: () => void;
  initialDelayMs?: number;
  maxDelayMs?: number;
};

/**
 * Follows the staff's chat stream (`GET /wps/backoffice/chat/events`). Read with fetch, not EventSource: the
 * staff session is a bearer token, which EventSource cannot send. A drop or a failed attempt waits (doubling up
 * to the maximum) and connects again; only an abort or a refusal of the session stops it.
 */
export const followChatEvents = async ({
  signal,
  onEvent,
  onReconnect,
  initialDelayMs = 1000,
  maxDelayMs = 30_000,
}: FollowChatEventsOptions): Promise<void> => {
  let baseMs = initialDelayMs;
  let failures = 0;
  let hasConnected = false;
  const isStopped = () => signal.aborted;
  while (!isStopped()) {
    try {
      const headers = new Headers({ Accept: 'text/event-stream' });
      const token = readStaffToken();
      if (token) headers.set('Authorization', `Bearer ${token}`);
      const response = await fetch(`${operatorApiPath}/chat/events`, { headers, signal });
      if (isFinalStatus(response.status)) return;
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      if (hasConnected) onReconnect();
      hasConnected = true;
      failures = 0;
      baseMs = (await readEvents(response, onEvent, signal)) ?? baseMs;
    } catch {
      if (isStopped()) return;
      failures += 1;
    }
    await wait(Math.min(maxDelayMs, baseMs * 2 ** Math.min(failures, 16)), signal);
  }
};
