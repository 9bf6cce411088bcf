import type { Execution } from '@wps/contracts/content';
import { useState } from 'react';
import {
  isFirstTimeLogin,
  markAnnouncementPopupClosed,
  readClosedAnnouncementAudiences,
} from '../../lib/storage';
import { useSession } from '../auth/api/use-session';

/**
 * Spec section 4, Announcement popups: execution A is for logged-in members, B for anonymous visitors and
 * F for a member's first-time login. Null while a stored token's member is still loading.
 */
export const useAnnouncementAudience = (): Execution | null => {
  const session = useSession();
  if (session.isResolving) return null;
  if (!session.isLogin) return 'B';
  return isFirstTimeLogin() ? 'F' : 'A';
};

/** Whether the audience's popup was already closed in this session, and a way to close it for the session. */
export const useAnnouncementPopupClosed = (audience: Execution | null) => {
  const [closed, setClosed] = useState(readClosedAnnouncementAudiences);
  return {
    isClosed: audience === null || closed.includes(audience),
    close: () => {
      if (audience === null) return;
      markAnnouncementPopupClosed(audience);
      setClosed(readClosedAnnouncementAudiences());
    },
  };
};
