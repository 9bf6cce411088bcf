import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { apiFetch } from '../../../lib/api-client';
import { followEvents } from '../../wallet/api/event-stream';
import { liveChatQueryKeys } from './query-keys';

/** How long "support is typing…" shows after the last typing signal. */
export const staffTypingShownMs = 4_000;

export type ChatEvents = {
  /** An event stream is connected: no need to poll. */
  isLive: boolean;
  isStaffTyping: boolean;
};

/**
 * While the chat room is open, follows the member's event stream for the chat's signals: `chat` (a staff
 * message, a read mark, the conversation closed) refetches the conversation, `chat_typing` shows support
 * typing for a few seconds. The site's own stream listener (wallet's useMemberEvents) knows only the balance,
 * message and loyalty signals, so the open chat room follows the stream itself; it closes with the modal.
 */
export const useChatEvents = (isEnabled: boolean): ChatEvents => {
  const queryClient = useQueryClient();
  const [isLive, setIsLive] = useState(false);
  const [isStaffTyping, setIsStaffTyping] = useState(false);

  useEffect(() => {
    if (!isEnabled) return;
    const controller = new AbortController();
    let typingTimer: ReturnType<typeof setTimeout> | undefined;
    const stopTyping = () => {
      clearTimeout(typingTimer);
      setIsStaffTyping(false);
    };
    const refetchConversation = () => {
      void queryClient.invalidateQueries({ queryKey: liveChatQueryKeys.conversation });
    };
    void followEvents({
      signal: controller.signal,
      // An attempt starts only once the previous stream ended: until it answers, nothing is live.
      openStream: async (signal) => {
        setIsLive(false);
        const response = await apiFetch('/member/events', { accept: 'text/event-stream', signal });
        // A stream answered after its effect was cleaned up (React's development double run) is not ours.
        if (!controller.signal.aborted) setIsLive(true);
        return response;
      },
      onEvent: (event) => {
        if (event.type === 'chat') {
          // The staff's message has come: they are no longer typing it.
          stopTyping();
          refetchConversation();
        } else if (event.type === 'chat_typing') {
          // Each signal shows the indicator again for its full time.
          clearTimeout(typingTimer);
          setIsStaffTyping(true);
          typingTimer = setTimeout(stopTyping, staffTypingShownMs);
        }
      },
      onReconnect: refetchConversation,
    }).finally(() => {
      if (!controller.signal.aborted) setIsLive(false);
    });
    return () => {
      controller.abort();
      clearTimeout(typingTimer);
    };
  }, [isEnabled, queryClient]);

  return { isLive: isEnabled && isLive, isStaffTyping };
};
