import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Modal } from '../../../components/modal';
import { Money } from '../../../components/money';
import { useSession } from '../../auth/api/use-session';
import { useSignOut } from '../../auth/api/use-sign-out';
import { type ProtectionSession, useProtectionSession } from '../api/get-protection-session';
import { hoursAndMinutesBetween, nextRealityCheckAt } from '../reality-check-schedule';
import './reality-check.css';

const minuteMs = 60_000;

type RealityCheckLinks = {
  /** The member centre's Responsible gaming section. */
  limitsPath: string;
  /** The member's betting record. */
  historyPath: string;
};

type DialogProps = RealityCheckLinks & {
  session: ProtectionSession;
  shownAt: number;
  onContinue: () => void;
};

function RealityCheckDialog({ session, shownAt, limitsPath, historyPath, onContinue }: DialogProps) {
  const { t } = useTranslation();
  const signOut = useSignOut();
  const played = hoursAndMinutesBetween(Date.parse(session.startedAt), shownAt);
  return (
    <Modal
      title={t('reality_check.title')}
      role="alertdialog"
      testId="reality-check"
      closeOnCover={false}
      onClose={onContinue}
    >
      <p className="dialog__message" data-testid="reality-check-time">
        {t('reality_check.time_played', played)}
      </p>
      <p className="dialog__message" data-testid="reality-check-net">
        {t('reality_check.net_result')} <Money amount={session.netResult} symbol={session.currency} signed />
      </p>
      <p className="reality-check__links">
        <Link to={limitsPath} className="text-link" onClick={onContinue} data-testid="reality-check-limits">
          {t('reality_check.limits')}
        </Link>
        <Link to={historyPath} className="text-link" onClick={onContinue} data-testid="reality-check-history">
          {t('reality_check.history')}
        </Link>
      </p>
      <div className="dialog__actions">
        <button
          type="button"
          className="button button--ghost"
          data-testid="reality-check-sign-out"
          onClick={() => {
            onContinue();
            void signOut();
          }}
        >
          {t('reality_check.sign_out')}
        </button>
        <button
          type="button"
          className="button button--primary"
          data-testid="reality-check-continue"
          onClick={onContinue}
        >
          {t('reality_check.continue')}
        </button>
      </div>
    </Modal>
  );
}

/** One session's reality checks: a timer on the rhythm of its sign-in, and the dialog when one is due. */
function RealityCheckTimer({ token, ...links }: RealityCheckLinks & { token: string }) {
  const session = useProtectionSession(token);
  const { refetch } = session;
  const [shownAt, setShownAt] = useState<number | null>(null);
  const startedAt = session.data === undefined ? null : Date.parse(session.data.startedAt);
  const intervalMinutes = session.data?.realityCheckMinutes ?? null;

  useEffect(() => {
    if (startedAt === null || Number.isNaN(startedAt) || intervalMinutes === null || shownAt !== null) return;
    const now = Date.now();
    const dueAt = nextRealityCheckAt(startedAt, intervalMinutes * minuteMs, now);
    const timer = window.setTimeout(() => {
      const firedAt = Date.now();
      // The figures of this moment: the net result is read again before the dialog shows it.
      void refetch().finally(() => {
        setShownAt(firedAt);
      });
    }, dueAt - now);
    return () => {
      window.clearTimeout(timer);
    };
  }, [startedAt, intervalMinutes, shownAt, refetch]);

  if (shownAt === null || session.data === undefined) return null;
  return (
    <RealityCheckDialog
      {...links}
      session={session.data}
      shownAt={shownAt}
      onContinue={() => {
        setShownAt(null);
      }}
    />
  );
}

/**
 * Reality checks (issue 26): at the interval the member chose, a dialog with the time since sign-in and the net
 * result since then, links to the limits and the betting record, and continue or sign out. Mounted once in the
 * app layout, so its timer lives across page changes; nothing runs for guests and free-play accounts.
 */
export function RealityCheck(links: RealityCheckLinks) {
  const { token, isLogin, isTrial } = useSession();
  if (token === null || !isLogin || isTrial) return null;
  return <RealityCheckTimer key={token} token={token} {...links} />;
}
