import type { ChatMessage } from '@wps/contracts/live-chat';
import i18next from 'i18next';
import { useTranslation } from 'react-i18next';
import { ChatImage } from './chat-image';

/** The time of day for today's messages, the date beside it for older ones. */
const formatMessageTime = (iso: string, now: Date): string => {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const isToday = date.toDateString() === now.toDateString();
  return new Intl.DateTimeFormat(
    i18next.language,
    isToday ? { timeStyle: 'short' } : { dateStyle: 'medium', timeStyle: 'short' },
  ).format(date);
};

type ChatMessageItemProps = {
  message: ChatMessage;
  /** The member's last message, read by support: "Read" shows under it. */
  isReadMark: boolean;
  now: Date;
};

/** One line of the conversation: the member's on the inline end, support's on the start, the system's centred. */
export function ChatMessageItem({ message, isReadMark, now }: ChatMessageItemProps) {
  const { t } = useTranslation();
  return (
    <li
      className={`chat-message chat-message--${message.sender}`}
      data-testid="chat-message"
      data-sender={message.sender}
    >
      <div className="chat-message__bubble">
        <span className="visually-hidden">{t(`chat.sender.${message.sender}`)}: </span>
        {message.uploadId !== null && <ChatImage uploadId={message.uploadId} />}
        {message.body !== null && <p className="chat-message__body">{message.body}</p>}
      </div>
      <div className="chat-message__meta">
        <time dateTime={message.createdAt}>{formatMessageTime(message.createdAt, now)}</time>
        {isReadMark && (
          <span className="chat-message__read" data-testid="chat-read-mark">
            {t('chat.read')}
          </span>
        )}
      </div>
    </li>
  );
}
