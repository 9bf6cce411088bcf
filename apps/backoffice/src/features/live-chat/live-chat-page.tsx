import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useCan } from '../session/api';
import { useStaffChatEvents } from './api';
import { CannedRepliesPanel } from './canned-replies-panel';
import { ChatConversation } from './chat-conversation';
import { ChatQueue } from './chat-queue';
import './live-chat.css';

/** How long "is typing" shows after the member's last typing signal. */
const typingShownMs = 4000;
/**
 * The stream signals every typing in a conversation, this console's own included: a signal this soon after
 * this console sent one is taken for its echo, not the member's.
 */
const ownTypingEchoMs = 1500;

/**
 * "Member is typing" from the stream: shown for a few seconds after each of the member's signals, hidden when
 * their message arrives.
 */
const useMemberTyping = () => {
  const ownTypingAt = useRef(new Map<string, number>());
  const [typing, setTyping] = useState<{ id: string; at: number } | null>(null);
  useStaffChatEvents(
    (id) => {
      const now = Date.now();
      if (now - (ownTypingAt.current.get(id) ?? 0) < ownTypingEchoMs) return;
      setTyping({ id, at: now });
    },
    (id) => {
      setTyping((current) => (current?.id === id ? null : current));
    },
  );
  useEffect(() => {
    if (typing === null) return;
    const timer = window.setTimeout(() => {
      setTyping(null);
    }, typingShownMs);
    return () => {
      window.clearTimeout(timer);
    };
  }, [typing]);
  return {
    typingId: typing?.id ?? null,
    onOwnTyping: (id: string) => {
      ownTypingAt.current.set(id, Date.now());
    },
  };
};

/**
 * Live chat (issue 28): the brand's queue, the conversation picked from it (in the address, so it can be
 * bookmarked) with the reply box, and the member beside it. Kept current by the staff's chat stream.
 * The queue and transcripts need chat.view; answering, taking and closing chat.reply; the canned replies'
 * panel chat.manage.
 */
export const LiveChatPage = () => {
  const can = useCan();
  const [params, setParams] = useSearchParams();
  const selectedId = params.get('conversation') ?? '';
  const { typingId, onOwnTyping } = useMemberTyping();
  const side = can('chat.manage') ? <CannedRepliesPanel /> : null;

  return (
    <section aria-labelledby="live-chat-title">
      <header className="page-header">
        <h1 id="live-chat-title">Live chat</h1>
      </header>
      <div className="chat-desk">
        <ChatQueue
          selectedId={selectedId}
          onSelect={(id) => {
            setParams({ conversation: id });
          }}
        />
        {selectedId === '' ? (
          <>
            <section className="chat-conversation" aria-label="Conversation">
              <p className="empty" data-testid="chat-none-selected">
                Pick a conversation from the queue.
              </p>
            </section>
            <aside className="chat-side" aria-label="Member and replies">
              {side}
            </aside>
          </>
        ) : (
          <ChatConversation
            key={selectedId}
            id={selectedId}
            isMemberTyping={typingId === selectedId}
            onTyping={() => {
              onOwnTyping(selectedId);
            }}
            side={side}
          />
        )}
      </div>
    </section>
  );
};
