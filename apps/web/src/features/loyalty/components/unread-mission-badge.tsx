import { useTranslation } from 'react-i18next';
import { CountBadge } from '../../../components/count-badge';
import { useUnreadMissionCount } from '../api/mission-queries';

/** Completed missions the member has not seen yet as a badge (header menu, side menu). */
export function UnreadMissionBadge({ testId }: { testId?: string }) {
  const { t } = useTranslation();
  const count = useUnreadMissionCount();
  return (
    <CountBadge
      count={count}
      label={t('loyalty.missions.unread_count', { count })}
      {...(testId ? { testId } : {})}
    />
  );
}
