import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSession } from '../../auth/api/use-session';
import { gamesQueryKeys } from '../../games/api/games-query-keys';
import { memberInfoQueryKeyPrefix } from '../../members/api/get-member-info';
import { paymentsQueryKeyPrefix } from '../../payments/api/query-keys';
import { rewardsQueryKeyPrefix } from '../../promotions/api/reward-query-keys';
import { liveChatQueryKeys } from '../../live-chat/api/query-keys';
import { followEvents, openMemberEvents } from './event-stream';
import { memberEventHub } from './member-event-hub';
import { messagesQueryKeyPrefix, refreshWalletQueries } from './query-keys';

/**
 * What a signal means for the screens: signals carry no data, so the queries they concern are refetched.
 * `balance`: the balance, funds and records (and the deposits and withdrawals whose state moved the money, and
 * the betting record, since a played round moves money, and the reward centre with its badge);
 * `message`: the inbox and its unread count; `loyalty`: missions, VIP progress and points; `chat`: the live
 * chat's conversation (a staff message, a read mark, the conversation closed).
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
  } else if (type === 'chat') {
    void queryClient.invalidateQueries({ queryKey: liveChatQueryKeys.conversation });
  }
};

/**
 * Follows the server's push stream (`/wps/member/events`) while a real (non-trial) member is logged in. Read
 * with fetch, not EventSource, so the token travels in the Authorization header; reconnects with backoff when
 * the stream drops and stops at logout or unmount. Mount it once, in the app layout. Every signal also goes to
 * the member event hub, for the screens that listen to one themselves.
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
      // An attempt starts only once the previous stream ended: until it answers, nothing is live.
      openStream: async (signal) => {
        memberEventHub.setLive(false);
        const response = await openMemberEvents(signal);
        // A stream answered after its effect was cleaned up (React's development double run) is not ours.
        if (!controller.signal.aborted) memberEventHub.setLive(true);
        return response;
      },
      onEvent: (event) => {
        applyMemberEvent(queryClient, event.type);
        memberEventHub.publish(event.type);
      },
      onReconnect: () => {
        for (const type of ['balance', 'message', 'loyalty', 'chat']) applyMemberEvent(queryClient, type);
      },
    }).finally(() => {
      if (!controller.signal.aborted) memberEventHub.setLive(false);
    });
    return () => {
      controller.abort();
      memberEventHub.setLive(false);
    };
  }, [queryClient, streamToken]);
};
