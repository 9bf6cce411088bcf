import { useTranslation } from 'react-i18next';
import { CountBadge } from '../../../components/count-badge';
import { useUnreadRewardCount } from '../api/get-unread-rewards';

/** Claimable rewards the member has not seen yet as a badge (header menu, side menu). */
export function UnreadRewardBadge({ testId }: { testId?: string }) {
  const { t } = useTranslation();
  const count = useUnreadRewardCount();
  return (
    <CountBadge count={count} label={t('rewards.unread_count', { count })} {...(testId ? { testId } : {})} />
  );
}
