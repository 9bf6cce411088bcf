import type { MemberMessage } from '@wps/contracts/messages';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDialogs } from '../../../components/dialog-provider';
import { EmptyState } from '../../../components/empty-state';
import { Pagination } from '../../../components/pagination';
import { QueryState } from '../../../components/query-state';
import { formatLocalDateTime } from '../../../lib/format-date';
import { translateApiError } from '../../../lib/translate-message';
import { useChangeMessages } from '../api/change-messages';
import { useMessages } from '../api/get-messages';
import './message-inbox.css';

/** The member's words for a message: the site's own translation of its kind, filled with its values. */
const useMessageWording = () => {
  const { t } = useTranslation();
  return (message: MemberMessage) => {
    const { amount = '', currency = '', reference = '', reason = '', from = '', title = '' } = message.params;
    const values = { amount, currency, reference, reason, from, title };
    return {
      title: t(`messages.kinds.${message.kind}.title`, values),
      body: t(`messages.kinds.${message.kind}.body`, values),
    };
  };
};

/** messageV2: the platform inbox, with read and unread state, reading, deleting and mark-all-read. */
export function MessageInbox() {
  const { t } = useTranslation();
  const dialogs = useDialogs();
  const wordingOf = useMessageWording();
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<string | null>(null);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const messages = useMessages(page);
  const change = useChangeMessages();

  const run = async (action: Parameters<typeof change.mutateAsync>[0]) => {
    try {
      await change.mutateAsync(action);
    } catch (error) {
      await dialogs.alert({ message: translateApiError(t, error) });
    }
  };

  const open = (message: MemberMessage) => {
    const isOpening = openId !== message.id;
    setOpenId(isOpening ? message.id : null);
    if (isOpening && !message.isRead) void run({ kind: 'read', ids: [message.id] });
  };

  const remove = async (ids: readonly string[]) => {
    const isConfirmed = await dialogs.confirm({
      message: t('messages.delete_confirm', { count: ids.length }),
      confirmLabel: t('messages.delete'),
    });
    if (!isConfirmed) return;
    await run({ kind: 'delete', ids });
    setSelected(new Set());
    setOpenId(null);
  };

  if (messages.data === undefined) {
    return <QueryState error={messages.error} onRetry={() => void messages.refetch()} />;
  }
  const { list, totalPages, unread } = messages.data;
  const toggleSelected = (id: string) => {
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  };

  return (
    <div className="message-inbox" data-testid="message-inbox">
      <div className="message-inbox__toolbar">
        <p className="muted" data-testid="message-unread-total">
          {t('messages.unread_total', { count: unread })}
        </p>
        <button
          type="button"
          className="button button--ghost"
          data-testid="message-read-all"
          disabled={unread === 0 || change.isPending}
          onClick={() => void run({ kind: 'read-all' })}
        >
          {t('messages.read_all')}
        </button>
        <button
          type="button"
          className="button button--ghost"
          data-testid="message-delete-selected"
          disabled={selected.size === 0 || change.isPending}
          onClick={() => void remove([...selected])}
        >
          {t('messages.delete_selected', { count: selected.size })}
        </button>
      </div>
      {list.length === 0 ? (
        <EmptyState message={t('messages.empty')} />
      ) : (
        <ul className="message-inbox__list">
          {list.map((message) => {
            const wording = wordingOf(message);
            const isOpen = openId === message.id;
            return (
              <li
                key={message.id}
                className="message-inbox__item"
                data-testid="message-item"
                data-read={message.isRead}
              >
                <input
                  type="checkbox"
                  className="message-inbox__select"
                  aria-label={t('messages.select', { title: wording.title })}
                  checked={selected.has(message.id)}
                  onChange={() => {
                    toggleSelected(message.id);
                  }}
                />
                <button
                  type="button"
                  className="message-inbox__summary"
                  aria-expanded={isOpen}
                  data-testid="message-open"
                  onClick={() => {
                    open(message);
                  }}
                >
                  {!message.isRead && (
                    <span className="message-inbox__dot" aria-label={t('messages.unread')} role="img" />
                  )}
                  <span className="message-inbox__title">{wording.title}</span>
                  <time className="muted" dateTime={message.createdAt}>
                    {formatLocalDateTime(message.createdAt)}
                  </time>
                </button>
                {isOpen && (
                  <div className="message-inbox__body" data-testid="message-body">
                    <p dir="auto">{wording.body}</p>
                    <button
                      type="button"
                      className="button button--ghost"
                      data-testid="message-delete"
                      onClick={() => void remove([message.id])}
                    >
                      {t('messages.delete')}
                    </button>
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <Pagination
        page={page}
        totalPages={totalPages}
        testId="message-pagination"
        onPageChange={(next) => {
          setPage(next);
          setOpenId(null);
        }}
      />
    </div>
  );
}
