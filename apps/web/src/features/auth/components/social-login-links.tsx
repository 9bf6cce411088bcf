import { isWhitelabelEnabled } from '@wps/contracts/site-rules';
import { useTranslation } from 'react-i18next';
import { socialLoginStartPath } from '../api/login';
import { usePermission } from '../../site/api/get-permission';
import './social-login-links.css';

/** Google and Facebook sign-in, each only when the brand enables it; never on the agent page. */
export function SocialLoginLinks() {
  const { t } = useTranslation();
  const { whitelabel } = usePermission().info;
  const providers = [
    { provider: 'google', flag: 'GOOGLELOGIN3', label: t('auth.social_google') },
    { provider: 'facebook', flag: 'FACEBOOKLOGIN3', label: t('auth.social_facebook') },
  ] as const;
  const enabled = providers.filter(({ flag }) => isWhitelabelEnabled(whitelabel, flag));
  if (enabled.length === 0) return null;
  return (
    <div className="social-login" data-testid="social-login">
      <p className="social-login__title">{t('auth.social_title')}</p>
      <div className="social-login__links">
        {enabled.map(({ provider, label }) => (
          <a
            key={provider}
            href={socialLoginStartPath(provider)}
            className="button button--ghost"
            data-testid={`social-${provider}`}
          >
            {label}
          </a>
        ))}
      </div>
    </div>
  );
}
