import type { ChatMessage } from '@wps/contracts/live-chat';
import { useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../components/query-state';
import { compareMessageIds, readTranscript, useConversation } from '../api/get-conversation';
import { useMarkChatRead } from '../api/mark-chat-read';
import { useChatEvents } from '../api/use-chat-events';
import { ChatComposer } from './chat-composer';
import { ChatMessageItem } from './chat-message-item';

const subscribeToVisibility = (onChange: () => void) => {
  document.addEventListener('visibilitychange', onChange);
  return () => {
    document.removeEventListener('visibilitychange', onChange);
  };
};
const isPageVisible = () => document.visibilityState === 'visible';

/** The member's last message, when support has read up to it (their read mark is at or past it). */
const readMarkOf = (messages: readonly ChatMessage[], staffReadId: string | undefined): string | null => {
  const lastOwn = messages.findLast((message) => message.sender === 'member');
  if (lastOwn === undefined || staffReadId === undefined) return null;
  return compareMessageIds(staffReadId, lastOwn.id) >= 0 ? lastOwn.id : null;
};

/** Scrolled this close to an edge counts as at it. */
const edgePx = 48;

/**
 * The conversation and its composer. Lives while the modal is open: it follows the event stream, polls when no
 * stream is connected, marks what the member sees as read and loads older messages as they scroll up.
 */
export function ChatConversationView() {
  const { t } = useTranslation();
  const [isTrialRefused, setIsTrialRefused] = useState(false);
  const events = useChatEvents(!isTrialRefused);
  const conversationQuery = useConversation({ isLive: events.isLive });
  const { conversation, messages } = readTranscript(conversationQuery.data);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = conversationQuery;
  const isVisible = useSyncExternalStore(subscribeToVisibility, isPageVisible);
  const [now] = useState(() => new Date());

  const logRef = useRef<HTMLDivElement>(null);
  const isAtBottom = useRef(true);
  const olderAnchor = useRef<{ height: number; top: number } | null>(null);
  const firstId = messages.at(0)?.id;
  const lastId = messages.at(-1)?.id;

  // Older messages came in above: the ones the member was reading stay where they were.
  useLayoutEffect(() => {
    const log = logRef.current;
    const anchor = olderAnchor.current;
    if (log === null || anchor === null) return;
    log.scrollTop = log.scrollHeight - anchor.height + anchor.top;
    olderAnchor.current = null;
  }, [firstId]);

  // A new message (or the typing line) follows the conversation down, unless the member scrolled up to read.
  useLayoutEffect(() => {
    const log = logRef.current;
    if (log !== null && isAtBottom.current) log.scrollTop = log.scrollHeight;
  }, [lastId, events.isStaffTyping]);

  const loadOlder = () => {
    const log = logRef.current;
    if (!hasNextPage || isFetchingNextPage) return;
    if (log !== null) olderAnchor.current = { height: log.scrollHeight, top: log.scrollTop };
    void fetchNextPage();
  };

  // What the member sees is read: the latest message once the page is visible.
  const markRead = useMarkChatRead();
  const markedId = useRef<string | null>(null);
  const memberReadId = conversation?.memberReadId;
  const markRequest = markRead.mutate;
  useEffect(() => {
    if (!isVisible || lastId === undefined || memberReadId === undefined) return;
    if (compareMessageIds(lastId, memberReadId) <= 0 || markedId.current === lastId) return;
    markedId.current = lastId;
    markRequest(lastId);
  }, [isVisible, lastId, memberReadId, markRequest]);

  if (isTrialRefused) {
    return (
      <p className="chat-room__notice" role="status" data-testid="chat-trial-notice">
        {t('errors.TRIAL_NOT_ALLOWED')}
      </p>
    );
  }

  const readMarkId = readMarkOf(messages, conversation?.staffReadId);
  return (
    <div className="chat-room">
      {conversationQuery.data === undefined && (
        <QueryState
          error={conversationQuery.error}
          onRetry={() => {
            void conversationQuery.refetch();
          }}
        />
      )}
      <div
        className="chat-room__log"
        ref={logRef}
        role="log"
        aria-live="polite"
        aria-label={t('chat.conversation_label')}
        aria-busy={conversationQuery.isPending || isFetchingNextPage}
        tabIndex={0}
        onScroll={(event) => {
          const log = event.currentTarget;
          isAtBottom.current = log.scrollHeight - log.scrollTop - log.clientHeight < edgePx;
          if (log.scrollTop < edgePx) loadOlder();
        }}
      >
        {hasNextPage && (
          <button
            type="button"
            className="button button--ghost chat-room__older"
            data-testid="chat-load-older"
            disabled={isFetchingNextPage}
            onClick={loadOlder}
          >
            {isFetchingNextPage ? t('common.loading') : t('chat.load_older')}
          </button>
        )}
        {conversationQuery.isSuccess && messages.length === 0 && (
          <p className="chat-room__empty">{t('chat.welcome')}</p>
        )}
        <ol className="chat-room__messages">
          {messages.map((message) => (
            <ChatMessageItem
              key={message.id}
              message={message}
              isReadMark={message.id === readMarkId}
              now={now}
            />
          ))}
        </ol>
        {conversation?.status === 'closed' && <p className="chat-room__closed">{t('chat.closed')}</p>}
      </div>
      {/* Always in the page, so screen readers announce the indicator when it appears. */}
      <p className="chat-room__typing" role="status">
        {events.isStaffTyping && <span data-testid="chat-typing">{t('chat.support_typing')}</span>}
      </p>
      <ChatComposer
        canSignalTyping={conversation !== null && conversation.status !== 'closed'}
        onTrialRefused={() => {
          setIsTrialRefused(true);
        }}
      />
    </div>
  );
}
