import type { Exclusion } from '@wps/contracts/protection';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../components/query-state';
import { formatLocalDateTime } from '../../../lib/format-date';
import { useProtectionStatus } from '../api/get-protection-status';
import { SelfExclusionForm, TimeOutForm } from './exclusion-forms';
import { PlayLimits } from './play-limits';
import { RealityCheckSetting } from './reality-check-setting';
import './responsible-gaming.css';

/** What binds now: a break until its end, or a self-exclusion (ended only by staff, after its term). */
function ExclusionNotice({ exclusion }: { exclusion: Exclusion }) {
  const { t } = useTranslation();
  const end = formatLocalDateTime(exclusion.endsAt);
  const message = exclusion.awaitsReview
    ? t('responsible_gaming.exclusion.awaiting_review')
    : exclusion.kind === 'time_out'
      ? t('responsible_gaming.exclusion.time_out', { end: end ?? '' })
      : end === null
        ? t('responsible_gaming.exclusion.self_exclusion_permanent')
        : t('responsible_gaming.exclusion.self_exclusion', { end });
  return (
    <p className="notice" role="status" data-testid="rg-exclusion">
      {message}
    </p>
  );
}

/**
 * Member centre, Responsible gaming (issue 26): the member's limits with what each period used, the reality
 * check's interval, a break (time-out) and self-exclusion. Withdrawals stay open whatever is chosen here.
 */
export function ResponsibleGamingPage() {
  const { t } = useTranslation();
  const status = useProtectionStatus();
  if (status.data === undefined) {
    return <QueryState error={status.error} onRetry={() => void status.refetch()} />;
  }
  const { data } = status;
  return (
    <div className="responsible-gaming" data-testid="responsible-gaming">
      <p className="page__intro">{t('responsible_gaming.intro')}</p>
      {data.exclusion !== null && <ExclusionNotice exclusion={data.exclusion} />}
      <PlayLimits status={data} />
      <RealityCheckSetting minutes={data.realityCheckMinutes} />
      <TimeOutForm />
      <SelfExclusionForm />
    </div>
  );
}
