import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { Modal } from '../../../components/modal';

export function LoginModal() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Modal title={t('pages.login.title')} onClose={() => void navigate('/')}>
      <EmptyState message={t('common.coming_soon')} />
      <p className="modal__links">
        <Link to="/forget" className="text-link">
          {t('pages.login.forgot')}
        </Link>
        <span>
          {t('pages.login.no_account')}{' '}
          <Link to="/register" className="text-link">
            {t('header.register')}
          </Link>
        </span>
      </p>
    </Modal>
  );
}
