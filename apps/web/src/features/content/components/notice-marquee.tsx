import type { Announcement } from '@wps/contracts/content';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CountBadge } from '../../../components/count-badge';
import { Icon } from '../../../components/icon';
import './notice-marquee.css';

type NoticeMarqueeProps = {
  notices: readonly Announcement[];
  /** The messages link with the member's unread count; absent for guests, who have no inbox. */
  messages?: { count: number; to: string } | undefined;
  /** The content call has not answered yet: the marquee's line is held, so nothing below moves. */
  isLoading?: boolean;
  onOpenNotice: (id: string) => void;
};

/** Slow enough to read: about a fifth of a second per character, at least 15 seconds a round. */
const durationOf = (text: string): string => `${String(Math.max(15, Math.round(text.length / 5)))}s`;

/**
 * Spec section 2, Home: the notice marquee with the unread-message icon. The notices scroll past (still
 * under reduced motion, shortened with an ellipsis); a click opens the notice popup at the first notice.
 */
export function NoticeMarquee({ notices, messages, isLoading = false, onOpenNotice }: NoticeMarqueeProps) {
  const { t } = useTranslation();
  const [first] = notices;
  if (first === undefined && messages === undefined) {
    return isLoading ? <div className="notice-marquee" aria-hidden="true" /> : null;
  }
  const text = notices.map((notice) => notice.title).join('   ·   ');
  return (
    <section className="notice-marquee" aria-label={t('content.notices.label')} data-testid="notice-marquee">
      <Icon name="megaphone" className="notice-marquee__icon" />
      {first === undefined ? (
        <span className="notice-marquee__track" />
      ) : (
        <button
          type="button"
          className="notice-marquee__track"
          data-testid="notice-marquee-open"
          aria-label={t('content.notices.open', { title: first.title })}
          onClick={() => {
            onOpenNotice(first.id);
          }}
        >
          <span
            className="notice-marquee__text"
            style={{ '--marquee-duration': durationOf(text) } as CSSProperties}
          >
            {text}
          </span>
        </button>
      )}
      {messages && (
        <Link className="notice-marquee__messages" to={messages.to} data-testid="marquee-messages">
          <Icon name="mail" />
          <span className="visually-hidden">{t('content.notices.messages')}</span>
          <CountBadge
            count={messages.count}
            label={t('content.notices.unread', { count: messages.count })}
            testId="marquee-unread-count"
          />
        </Link>
      )}
    </section>
  );
}
