import type { AccountSession } from '@wps/contracts/member-account';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDialogs } from '../../../components/dialog-provider';
import { FormError } from '../../../components/form-field';
import { QueryState } from '../../../components/query-state';
import { formatLocalDateTime } from '../../../lib/format-date';
import { translateApiError } from '../../../lib/translate-message';
import { useAccountSessions, useSignOutOtherSessions } from '../api/account-sessions';
import { DeviceLabel } from './device-label';

/** This browser's session first, the others as the server lists them. */
const currentFirst = (sessions: readonly AccountSession[]): AccountSession[] => [
  ...sessions.filter((session) => session.isCurrent),
  ...sessions.filter((session) => !session.isCurrent),
];

function SessionItem({ session }: { session: AccountSession }) {
  const { t } = useTranslation();
  const lastSeen = session.lastSeenAt ?? session.createdAt;
  return (
    <li
      className="security-sessions__item"
      data-testid={`session-${session.id}`}
      data-current={session.isCurrent}
    >
      <div className="security-sessions__head">
        <DeviceLabel userAgent={session.userAgent} />
        {session.isCurrent && (
          <span className="security-badge security-badge--current" data-testid="session-current">
            {t('security_centre.sessions.this_device')}
          </span>
        )}
      </div>
      <dl className="security-facts">
        <div>
          <dt>{t('security_centre.sessions.address')}</dt>
          <dd dir="ltr">{session.ip ?? t('security_centre.sessions.unknown')}</dd>
        </div>
        <div>
          <dt>{t('security_centre.sessions.last_seen')}</dt>
          <dd>
            <time dateTime={lastSeen}>{formatLocalDateTime(lastSeen) ?? lastSeen}</time>
          </dd>
        </div>
      </dl>
    </li>
  );
}

/** Where the member is signed in, and a way to sign every other browser and device out. */
export function ActiveSessions() {
  const { t } = useTranslation();
  const dialogs = useDialogs();
  const titleId = useId();
  const sessions = useAccountSessions();
  const signOutOthers = useSignOutOtherSessions();
  const [error, setError] = useState<string | null>(null);

  const confirmSignOut = async () => {
    setError(null);
    const isConfirmed = await dialogs.confirm({ message: t('security_centre.sessions.sign_out_confirm') });
    if (!isConfirmed) return;
    try {
      const count = await signOutOthers.mutateAsync();
      dialogs.toast(t('security_centre.sessions.signed_out', { count }));
    } catch (failure) {
      setError(translateApiError(t, failure));
    }
  };

  return (
    <section className="security-card" aria-labelledby={titleId} data-testid="security-sessions">
      <h3 id={titleId}>{t('security_centre.sessions.title')}</h3>
      {sessions.data === undefined ? (
        <QueryState error={sessions.error} onRetry={() => void sessions.refetch()} />
      ) : (
        <>
          <ul className="security-sessions" aria-busy={sessions.isFetching}>
            {currentFirst(sessions.data).map((session) => (
              <SessionItem key={session.id} session={session} />
            ))}
          </ul>
          {sessions.data.some((session) => !session.isCurrent) ? (
            <div className="security-actions">
              <button
                type="button"
                className="button button--ghost"
                disabled={signOutOthers.isPending}
                aria-busy={signOutOthers.isPending}
                data-testid="sign-out-other-sessions"
                onClick={() => void confirmSignOut()}
              >
                {t('security_centre.sessions.sign_out_others')}
              </button>
            </div>
          ) : (
            <p className="security-hint" data-testid="sessions-only-this">
              {t('security_centre.sessions.only_this')}
            </p>
          )}
          <FormError message={error} />
        </>
      )}
    </section>
  );
}
