import { fairnessPagePath } from '@wps/contracts/house-games-rules';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCrashVerification } from '../api/crash-queries';
import { useCrashBrowserCheck } from '../api/crash-verify';

/** One ended round's proof: what the server says, and the same recomputed by this browser on its own. */
export function CrashVerifyPanel({ roundId, onClose }: { roundId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const verification = useCrashVerification(roundId);
  const check = useCrashBrowserCheck(verification.data);
  const data = verification.data;
  return (
    <section className="crash-verify" aria-labelledby="crash-verify-title" data-testid="crash-verify">
      <h2 id="crash-verify-title">{t('house_crash.verify_title', { roundId })}</h2>
      {data && (
        <dl>
          <dt>{t('house_crash.hash')}</dt>
          <dd>
            <code data-testid="crash-verify-hash">{data.hash}</code>
          </dd>
          <dt>{t('house_crash.previous_hash')}</dt>
          <dd>
            <code>{data.previousHash}</code>
          </dd>
          <dt>{t('house_crash.crash_point')}</dt>
          <dd>{data.crashPoint}×</dd>
          <dt>{t('house_crash.server_check')}</dt>
          <dd data-testid="crash-verify-server">
            {data.linksToPrevious && data.crashPointMatches
              ? t('house_crash.check_ok')
              : t('house_crash.check_failed')}
          </dd>
          <dt>{t('house_crash.browser_check')}</dt>
          <dd data-testid="crash-verify-browser">
            {check === null
              ? t('house_crash.check_unavailable')
              : check.linksToPrevious && check.crashPoint === data.crashPoint
                ? t('house_crash.check_ok')
                : t('house_crash.check_failed')}
          </dd>
        </dl>
      )}
      {data && (
        <p>
          <Link
            to={`${fairnessPagePath}?${new URLSearchParams({
              game: 'crash',
              serverSeed: data.hash,
              clientSeed: data.chain.salt,
              nonce: '0',
              houseEdgeBasisPoints: String(data.chain.houseEdgeBasisPoints),
              previousHash: data.previousHash,
              recorded: JSON.stringify({ crashPoint: data.crashPoint, linksToPrevious: true }),
            }).toString()}`}
            data-testid="crash-verify-fairness-link"
          >
            {t('house_crash.verify_on_fairness')}
          </Link>
        </p>
      )}
      <button type="button" className="button" onClick={onClose}>
        {t('house_crash.close')}
      </button>
    </section>
  );
}
