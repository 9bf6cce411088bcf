import { useEffect, useRef, useState } from 'react';
import { useIsMemberStreamLive, useMemberEvent } from '../../wallet/api/member-event-hub';

/** How long "support is typing…" shows after the last typing signal. */
export const staffTypingShownMs = 4_000;

export type ChatEvents = {
  /** The member's event stream is connected: no need to poll. */
  isLive: boolean;
  isStaffTyping: boolean;
};

/**
 * While the chat room is open, listens to the site's member event stream (the one useMemberEvents follows,
 * which refetches the conversation on `chat`): `chat_typing` shows support typing for a few seconds, and `chat`
 * (their message has come) ends it.
 */
export const useChatEvents = (isEnabled: boolean): ChatEvents => {
  const isLive = useIsMemberStreamLive();
  const [isStaffTyping, setIsStaffTyping] = useState(false);
  const typingTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const stopTyping = () => {
    clearTimeout(typingTimer.current);
    setIsStaffTyping(false);
  };

  useMemberEvent((type) => {
    if (!isEnabled) return;
    if (type === 'chat') {
      stopTyping();
    } else if (type === 'chat_typing') {
      // Each signal shows the indicator again for its full time.
      clearTimeout(typingTimer.current);
      setIsStaffTyping(true);
      typingTimer.current = setTimeout(stopTyping, staffTypingShownMs);
    }
  });
  useEffect(
    () => () => {
      clearTimeout(typingTimer.current);
    },
    [],
  );

  return { isLive: isEnabled && isLive, isStaffTyping };
};
