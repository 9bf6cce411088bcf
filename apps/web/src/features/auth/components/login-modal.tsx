import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Modal } from '../../../components/modal';
import { LoginForm } from './login-form';

/** The /login route: the login form over the home page. */
export function LoginModal() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Modal title={t('pages.login.title')} onClose={() => void navigate('/')} testId="login-modal">
      <LoginForm area="player" />
    </Modal>
  );
}
