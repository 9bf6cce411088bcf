import { type FollowEventStreamOptions, followEventStream } from '@wps/contracts/event-stream';
import { apiFetch, isApiError, type ApiErrorCode } from '../../../lib/api-client';

export type { ServerSentEvent } from '@wps/contracts/event-stream';

/** The session is gone or the member may not listen: trying again cannot help. */
const finalCodes: readonly ApiErrorCode[] = ['UNAUTHORIZED', 'FORBIDDEN', 'TRIAL_NOT_ALLOWED'];

export const openMemberEvents = (signal: AbortSignal): Promise<Response> =>
  apiFetch('/member/events', { accept: 'text/event-stream', signal });

/**
 * Follows an event stream of the site's API (the member's signals unless `openStream` says otherwise) until
 * aborted or the session ends.
 */
export const followEvents = (
  options: Omit<FollowEventStreamOptions, 'openStream' | 'isFinal'> &
    Partial<Pick<FollowEventStreamOptions, 'openStream'>>,
): Promise<void> =>
  followEventStream({
    ...options,
    openStream: options.openStream ?? openMemberEvents,
    isFinal: (error) => isApiError(error) && finalCodes.includes(error.code),
  });
