import { useState } from 'react';
import { ErrorMessage } from '../../components/error-message';
import { Pager } from '../../components/pager';
import { formatDateTime } from '../../lib/format';
import { type ChatQueueEntry, type QueueTab, queueTabs, useChatQueue } from './api';

const emptyMessages: Record<QueueTab, string> = {
  waiting: 'No member is waiting.',
  mine: 'No open conversation is assigned to you.',
  open: 'No open conversations.',
};

/** The last message in a line: who wrote it when it was not the member, its text, or that it was an image. */
const previewOf = ({ lastMessage }: ChatQueueEntry): string => {
  if (lastMessage === null) return 'No messages yet';
  const prefix = lastMessage.sender === 'staff' ? 'Support: ' : lastMessage.sender === 'system' ? '— ' : '';
  return `${prefix}${lastMessage.body ?? 'Image'}`;
};

type ChatQueueProps = { selectedId: string; onSelect: (id: string) => void };

/** The brand's conversations by tab; each row opens one. Refetched whenever the stream says the queue changed. */
export const ChatQueue = ({ selectedId, onSelect }: ChatQueueProps) => {
  const [tab, setTab] = useState<QueueTab>('waiting');
  const [pageNo, setPageNo] = useState(1);
  const queue = useChatQueue(tab, pageNo);
  const list = queue.data?.list ?? [];
  return (
    <section className="chat-queue" aria-labelledby="chat-queue-title">
      <h2 id="chat-queue-title">Queue</h2>
      <div className="segmented" role="group" aria-label="Conversations">
        {(Object.keys(queueTabs) as QueueTab[]).map((key) => (
          <button
            key={key}
            type="button"
            className="button"
            aria-pressed={tab === key}
            onClick={() => {
              setTab(key);
              setPageNo(1);
            }}
            data-testid={`chat-tab-${key}`}
          >
            {queueTabs[key].label}
          </button>
        ))}
      </div>
      <ErrorMessage error={queue.error} testId="chat-queue-error" />
      {queue.isPending ? (
        <p className="muted">Loading…</p>
      ) : list.length === 0 ? (
        <p className="empty" data-testid="chat-queue-empty">
          {emptyMessages[tab]}
        </p>
      ) : (
        <ul className="chat-queue__list" aria-label={`${queueTabs[tab].label} conversations`}>
          {list.map((entry) => (
            <li key={entry.conversation.id}>
              <button
                type="button"
                className="chat-queue__row"
                aria-current={entry.conversation.id === selectedId ? 'true' : undefined}
                onClick={() => {
                  onSelect(entry.conversation.id);
                }}
                data-testid={`chat-queue-row-${entry.conversation.id}`}
                data-member={entry.member.account}
              >
                <span className="chat-queue__top">
                  <span className="chat-queue__account">{entry.member.account}</span>
                  {entry.unreadCount > 0 ? (
                    <span className="badge chat-queue__unread" data-testid="chat-queue-unread">
                      {entry.unreadCount}
                      <span className="chat-visually-hidden"> unread</span>
                    </span>
                  ) : null}
                </span>
                <span className="chat-queue__preview">{previewOf(entry)}</span>
                <time className="muted" dateTime={entry.conversation.lastMessageAt}>
                  {formatDateTime(entry.conversation.lastMessageAt)}
                </time>
              </button>
            </li>
          ))}
        </ul>
      )}
      <Pager
        pageNo={pageNo}
        totalPages={queue.data?.totalPages ?? 1}
        onChange={setPageNo}
        testId="chat-queue-pager"
      />
    </section>
  );
};
