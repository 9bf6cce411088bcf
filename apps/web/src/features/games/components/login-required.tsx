import { useTranslation } from 'react-i18next';
import { useActionGuard } from '../../auth/api/use-action-guard';
import '../../../components/empty-state.css';

/** A member's own list asked for by a guest: say so and offer the login modal. */
export function LoginRequired({ message }: { message: string }) {
  const { t } = useTranslation();
  const guard = useActionGuard();
  return (
    <div className="empty-state" role="status" data-testid="games-login-required">
      <span className="empty-state__mark" aria-hidden="true" />
      <p>{message}</p>
      <button
        type="button"
        className="button button--primary"
        onClick={() => {
          void guard.block('guest');
        }}
      >
        {t('header.login')}
      </button>
    </div>
  );
}
