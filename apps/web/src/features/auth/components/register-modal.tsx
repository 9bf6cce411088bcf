import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { Modal } from '../../../components/modal';
import { readReferralCode } from '../../../lib/storage';

export function RegisterModal() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const referralCode = readReferralCode();
  return (
    <Modal title={t('pages.register.title')} onClose={() => void navigate('/')}>
      {referralCode && <p className="notice">{t('pages.register.referral', { code: referralCode })}</p>}
      <EmptyState message={t('common.coming_soon')} />
      <p className="modal__links">
        <span>
          {t('pages.register.has_account')}{' '}
          <Link to="/login" className="text-link">
            {t('header.login')}
          </Link>
        </span>
      </p>
    </Modal>
  );
}
