import type { ChatSender } from '@wps/contracts/live-chat';
import { type ReactNode, useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { ErrorMessage } from '../../components/error-message';
import { ProofImage } from '../../components/proof-image';
import { formatDateTime } from '../../lib/format';
import { useCan, useStaffSession } from '../session/api';
import {
  type ChatMessage,
  type ChatTranscript,
  chatImagePath,
  messagesOf,
  useAssignConversation,
  useChatTranscript,
  useCloseConversation,
  useMarkRead,
} from './api';
import { ChatReplyBox } from './chat-reply-box';

const senderLabels: Record<ChatSender, string> = { member: 'Member', staff: 'Support', system: 'System' };

/** Who holds the conversation, in words. */
const assignmentOf = (conversation: ChatTranscript['conversation'], staffId: string | undefined): string => {
  if (conversation.status === 'closed') return 'Closed';
  if (conversation.assignedStaffId === null) return 'Waiting for support';
  return conversation.assignedStaffId === staffId
    ? 'Assigned to you'
    : `Assigned to staff #${conversation.assignedStaffId}`;
};

const MessageItem = ({ message, account }: { message: ChatMessage; account: string }) => {
  const sender = message.sender === 'member' ? account : senderLabels[message.sender];
  return (
    <li
      className={`chat-message chat-message--${message.sender}`}
      data-testid="chat-message"
      data-sender={message.sender}
    >
      <span className="chat-message__meta">
        <span className="chat-message__sender">{sender}</span>{' '}
        <time className="muted" dateTime={message.createdAt}>
          {formatDateTime(message.createdAt)}
        </time>
      </span>
      {message.body === null ? null : <p className="chat-message__body">{message.body}</p>}
      {message.uploadId === null ? null : (
        <ProofImage
          path={chatImagePath(message.uploadId)}
          label={`Image from ${sender}`}
          testId={`chat-image-${message.id}`}
        />
      )}
    </li>
  );
};

/** The messages, oldest first, kept scrolled to the newest; older pages load above. */
const Transcript = ({ id, account }: { id: string; account: string }) => {
  const transcript = useChatTranscript(id);
  const messages = messagesOf(transcript.data);
  const log = useRef<HTMLDivElement>(null);
  const lastId = messages.at(-1)?.id;
  useEffect(() => {
    const element = log.current;
    if (element && lastId !== undefined) element.scrollTop = element.scrollHeight;
  }, [lastId]);
  return (
    <div
      ref={log}
      className="chat-transcript"
      role="log"
      aria-label={`Messages with ${account}`}
      tabIndex={0}
      data-testid="chat-transcript"
    >
      {transcript.hasNextPage ? (
        <button
          type="button"
          className="button chat-transcript__older"
          disabled={transcript.isFetchingNextPage}
          onClick={() => {
            void transcript.fetchNextPage();
          }}
          data-testid="chat-older"
        >
          {transcript.isFetchingNextPage ? 'Loading…' : 'Load older messages'}
        </button>
      ) : null}
      {messages.length === 0 ? <p className="empty">No messages yet.</p> : null}
      <ol className="chat-messages">
        {messages.map((message) => (
          <MessageItem key={message.id} message={message} account={account} />
        ))}
      </ol>
    </div>
  );
};

/** Moves the staff's read mark to the newest message shown, when the member wrote after it. */
const useMarkReadWhenShown = (
  id: string,
  lastMessageId: string | undefined,
  staffReadId: string | undefined,
) => {
  const { mutate } = useMarkRead(id);
  useEffect(() => {
    if (lastMessageId === undefined || staffReadId === undefined) return;
    if (BigInt(lastMessageId) > BigInt(staffReadId)) mutate(lastMessageId);
  }, [lastMessageId, staffReadId, mutate]);
};

const ConversationActions = ({ id, transcript }: { id: string; transcript: ChatTranscript }) => {
  const { staff } = useStaffSession();
  const assign = useAssignConversation(id);
  const close = useCloseConversation(id);
  const { conversation } = transcript;
  const isClosed = conversation.status === 'closed';
  return (
    <>
      <div className="actions">
        {!isClosed && conversation.assignedStaffId !== staff?.id ? (
          <button
            type="button"
            className="button button--primary"
            disabled={assign.isPending}
            onClick={() => {
              assign.mutate();
            }}
            data-testid="chat-take"
          >
            Take
          </button>
        ) : null}
        {isClosed ? null : (
          <button
            type="button"
            className="button"
            disabled={close.isPending}
            onClick={() => {
              close.mutate();
            }}
            data-testid="chat-close"
          >
            Close
          </button>
        )}
      </div>
      <ErrorMessage error={assign.error ?? close.error} testId="chat-action-error" />
    </>
  );
};

/** Who the member is, with a way to their console profile for staff who may open it. */
const MemberCard = ({ member }: { member: ChatTranscript['member'] }) => {
  const can = useCan();
  return (
    <section className="card" aria-labelledby="chat-member-title" data-testid="chat-member">
      <h2 id="chat-member-title">Member</h2>
      <dl className="facts">
        <dt>Account</dt>
        <dd>{member.account}</dd>
        <dt>Nickname</dt>
        <dd>{member.nickname === '' ? '—' : member.nickname}</dd>
        <dt>Registered</dt>
        <dd>{formatDateTime(member.registeredAt)}</dd>
      </dl>
      {can('members.view') ? (
        <p>
          <Link to={`/members?member=${encodeURIComponent(member.id)}`} data-testid="chat-member-link">
            Open the member’s profile
          </Link>
        </p>
      ) : null}
    </section>
  );
};

type ConversationProps = {
  id: string;
  isMemberTyping: boolean;
  /** This console signalled typing: its own echo on the stream is not the member's. */
  onTyping: () => void;
  /** What the side column shows under the member (the canned replies' panel). */
  side: ReactNode;
};

/** One conversation: its state and actions, the transcript, the reply box and the member beside them. */
export const ChatConversation = ({ id, isMemberTyping, onTyping, side }: ConversationProps) => {
  const can = useCan();
  const { staff } = useStaffSession();
  const transcript = useChatTranscript(id);
  const latest = transcript.data?.pages[0];
  useMarkReadWhenShown(id, messagesOf(transcript.data).at(-1)?.id, latest?.conversation.staffReadId);

  if (latest === undefined) {
    return (
      <>
        <section className="chat-conversation" aria-label="Conversation">
          {transcript.isError ? (
            <ErrorMessage error={transcript.error} testId="chat-conversation-error" />
          ) : (
            <p className="muted">Loading…</p>
          )}
        </section>
        <aside className="chat-side" aria-label="Member and replies">
          {side}
        </aside>
      </>
    );
  }
  const { conversation, member } = latest;
  const canReply = can('chat.reply');
  return (
    <>
      <section
        className="chat-conversation"
        aria-labelledby="chat-conversation-title"
        data-testid="chat-conversation"
      >
        <header className="chat-conversation__header">
          <div>
            <h2 id="chat-conversation-title">Conversation with {member.account}</h2>
            <span className="muted" data-testid="chat-assignment">
              {assignmentOf(conversation, staff?.id)}
            </span>
          </div>
          {canReply ? <ConversationActions id={id} transcript={latest} /> : null}
        </header>
        <ErrorMessage error={transcript.error} />
        <Transcript id={id} account={member.account} />
        <p className="muted chat-typing" role="status" data-testid="chat-member-typing">
          {isMemberTyping && conversation.status !== 'closed' ? `${member.account} is typing…` : ''}
        </p>
        {canReply && conversation.status !== 'closed' ? (
          <ChatReplyBox conversationId={id} onTyping={onTyping} />
        ) : null}
      </section>
      <aside className="chat-side" aria-label="Member and replies">
        <MemberCard member={member} />
        {side}
      </aside>
    </>
  );
};
