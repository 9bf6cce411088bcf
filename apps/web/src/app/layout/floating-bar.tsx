import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { memberSectionPath } from '../../features/members/member-sections';
import { UnreadMessageBadge } from '../../features/messages/components/unread-badge';
import { usePermission } from '../../features/site/api/get-permission';
import { LiveChatButton } from '../../features/site/components/live-chat-button';
import { Icon } from '../../components/icon';
import { openExternalLink } from '../../lib/open-external-link';

/** The right-hand bar (spec section 2, Side menu): app download, customer service, messages, go-to-top. */
export function FloatingBar() {
  const { t } = useTranslation();
  const [firstService] = usePermission().info.customerService;
  return (
    <aside className="floating-bar" aria-label={t('floating.label')}>
      <Link
        to="/down"
        className="floating-bar__item"
        aria-label={t('floating.download')}
        title={t('floating.download')}
      >
        <Icon name="download" />
      </Link>
      {firstService && (
        <button
          type="button"
          className="floating-bar__item"
          aria-label={t('floating.customer_service')}
          title={t('floating.customer_service')}
          onClick={() => {
            openExternalLink(firstService.path);
          }}
        >
          <Icon name="support" />
        </button>
      )}
      <LiveChatButton variant="icon" />
      <Link
        to={memberSectionPath('messageV2')}
        className="floating-bar__item"
        title={t('floating.messages')}
        data-testid="floating-messages"
      >
        <Icon name="mail" />
        <span className="visually-hidden">{t('floating.messages')}</span>
        <UnreadMessageBadge testId="floating-unread" />
      </Link>
      <button
        type="button"
        className="floating-bar__item"
        aria-label={t('floating.to_top')}
        title={t('floating.to_top')}
        onClick={() => {
          window.scrollTo({ top: 0, behavior: 'smooth' });
        }}
      >
        <Icon name="arrow-up" />
      </button>
    </aside>
  );
}
