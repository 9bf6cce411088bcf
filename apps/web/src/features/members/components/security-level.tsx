import type { AccountSecurity, SecurityCheck } from '@wps/contracts/member-account';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/** Every check the level counts, in the order shown (the record makes the compiler ask for a new one). */
const securityCheckOrder: Record<SecurityCheck, true> = {
  password: true,
  paymentPassword: true,
  mobile: true,
  email: true,
  realName: true,
};
const isSecurityCheck = (key: string): key is SecurityCheck => Object.hasOwn(securityCheckOrder, key);
const securityChecks = Object.keys(securityCheckOrder).filter(isSecurityCheck);

type SecurityLevelProps = {
  security: AccountSecurity;
  /** Takes the member to what fixes a check (a form of the security centre, or the password change). */
  onFix: (check: SecurityCheck) => void;
};

/** How well the account is protected (low, medium, high) and each check, done or not, with its fix. */
export function SecurityLevel({ security, onFix }: SecurityLevelProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const passed = securityChecks.filter((check) => security.checks[check]).length;
  return (
    <section className="security-card" aria-labelledby={titleId} data-testid="security-level-card">
      <h3 id={titleId}>{t('security_centre.level.title')}</h3>
      <div className="security-level">
        <span
          className={`security-badge security-badge--${security.level}`}
          data-testid="security-level"
          data-level={security.level}
        >
          {t('security_centre.level.label', { level: t(`security_centre.level.${security.level}`) })}
        </span>
        <span className="security-hint">
          {t('security_centre.level.summary', { passed, total: securityChecks.length })}
        </span>
      </div>
      {/* The words above say it; the bar repeats it at a glance. */}
      <div className={`security-meter security-meter--${security.level}`} aria-hidden="true">
        {securityChecks.map((check, index) => (
          <span key={check} className="security-meter__step" data-filled={index < passed} />
        ))}
      </div>
      <ul className="security-checks">
        {securityChecks.map((check) => {
          const isDone = security.checks[check];
          return (
            <li key={check} data-testid={`security-check-${check}`} data-done={isDone}>
              <span
                className={`security-checks__mark security-checks__mark--${isDone ? 'done' : 'open'}`}
                aria-hidden="true"
              >
                {isDone ? '✓' : '!'}
              </span>
              <span className="security-checks__name">{t(`security_centre.level.checks.${check}`)}</span>
              <span className="security-checks__status">
                {t(isDone ? 'security_centre.level.done' : 'security_centre.level.not_done')}
              </span>
              {!isDone && (
                <button
                  type="button"
                  className="button button--ghost security-checks__action"
                  data-testid={`security-fix-${check}`}
                  onClick={() => {
                    onFix(check);
                  }}
                >
                  {t(`security_centre.level.actions.${check}`)}
                </button>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
