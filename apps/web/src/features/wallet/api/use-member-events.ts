import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSession } from '../../auth/api/use-session';
import { gamesQueryKeys } from '../../games/api/games-query-keys';
import { memberInfoQueryKeyPrefix } from '../../members/api/get-member-info';
import { paymentsQueryKeyPrefix } from '../../payments/api/query-keys';
import { rewardsQueryKeyPrefix } from '../../promotions/api/reward-query-keys';
import { followEvents } from './event-stream';
import { messagesQueryKeyPrefix, refreshWalletQueries } from './query-keys';

/**
 * What a signal means for the screens: signals carry no data, so the queries they concern are refetched.
 * `balance`: the balance, funds and records (and the deposits and withdrawals whose state moved the money, and
 * the betting record, since a played round moves money, and the reward centre with its badge);
 * `message`: the inbox and its unread count; `loyalty`: missions, VIP progress and points.
 */
/** Every loyalty query key (VIP, missions, points) starts with this. */
const loyaltyQueryKeyPrefix = ['loyalty'] as const;

export const applyMemberEvent = (queryClient: QueryClient, type: string): void => {
  if (type === 'balance') {
    void refreshWalletQueries(queryClient);
    void queryClient.invalidateQueries({ queryKey: paymentsQueryKeyPrefix });
    void queryClient.invalidateQueries({ queryKey: gamesQueryKeys.bettingRecords });
    // Money moved: a reward may have been claimed (elsewhere) or earned by the play that moved it.
    void queryClient.invalidateQueries({ queryKey: rewardsQueryKeyPrefix });
  } else if (type === 'message') {
    void queryClient.invalidateQueries({ queryKey: messagesQueryKeyPrefix });
  } else if (type === 'loyalty') {
    // The loyalty fold moved this member's missions, VIP progress or points: every loyalty query starts so; the
    // member info carries the VIP level the header shows.
    void queryClient.invalidateQueries({ queryKey: loyaltyQueryKeyPrefix });
    void queryClient.invalidateQueries({ queryKey: memberInfoQueryKeyPrefix });
  }
};

/**
 * Follows the server's push stream (`/wps/member/events`) while a real (non-trial) member is logged in. Read
 * with fetch, not EventSource, so the token travels in the Authorization header; reconnects with backoff when
 * the stream drops and stops at logout or unmount. Mount it once, in the app layout.
 */
export const useMemberEvents = (): void => {
  const { token, isLogin, isTrial } = useSession();
  const queryClient = useQueryClient();
  const streamToken = isLogin && !isTrial ? token : null;

  useEffect(() => {
    if (streamToken === null) return;
    const controller = new AbortController();
    void followEvents({
      signal: controller.signal,
      onEvent: (event) => {
        applyMemberEvent(queryClient, event.type);
      },
      onReconnect: () => {
        applyMemberEvent(queryClient, 'balance');
        applyMemberEvent(queryClient, 'message');
        applyMemberEvent(queryClient, 'loyalty');
      },
    });
    return () => {
      controller.abort();
    };
  }, [queryClient, streamToken]);
};
