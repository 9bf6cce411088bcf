import { type FollowEventStreamOptions, followEventStream } from '@wps/contracts/event-stream';
import { operatorApiPath } from '../../lib/api-client';
import { readStaffToken } from '../../lib/staff-token';

/** Staff without chat.view, or a session that ended: trying again cannot help. */
class StreamRefused extends Error {}

const openChatEvents = async (signal: AbortSignal): Promise<Response> => {
  const headers = new Headers({ Accept: 'text/event-stream' });
  const token = readStaffToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const response = await fetch(`${operatorApiPath}/chat/events`, { headers, signal });
  if (response.status === 401 || response.status === 403) throw new StreamRefused();
  if (!response.ok) throw new Error(`HTTP ${response.status.toString()}`);
  return response;
};

/**
 * Follows the staff's chat stream (`GET /wps/backoffice/chat/events`): a drop or a failed attempt waits (doubling
 * up to the maximum) and connects again; only an abort or a refusal of the session stops it.
 */
export const followChatEvents = (
  options: Omit<FollowEventStreamOptions, 'openStream' | 'isFinal'>,
): Promise<void> =>
  followEventStream({
    ...options,
    openStream: openChatEvents,
    isFinal: (error) => error instanceof StreamRefused,
  });
