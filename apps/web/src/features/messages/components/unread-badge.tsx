import { useTranslation } from 'react-i18next';
import { CountBadge } from '../../../components/count-badge';
import { useUnreadMessageCount } from '../api/get-unread-messages';

/** The member's unread-message count as a badge (header menu, right bar); refreshed by push signals. */
export function UnreadMessageBadge({ testId }: { testId?: string }) {
  const { t } = useTranslation();
  const count = useUnreadMessageCount();
  return (
    <CountBadge count={count} label={t('messages.unread_count', { count })} {...(testId ? { testId } : {})} />
  );
}
