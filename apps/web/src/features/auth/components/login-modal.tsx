import { errorCodes, type ErrorCode } from '@wps/contracts/errors';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { FormError } from '../../../components/form-field';
import { Modal } from '../../../components/modal';
import { LoginForm } from './login-form';

const isErrorCode = (value: string | null): value is ErrorCode =>
  value !== null && (errorCodes as readonly string[]).includes(value);

/** The /login route: the login form over the home page; a failed social sign-in comes back here with its code. */
type LoginModalProps = {
  /** The w_login banner, composed in by the app (a feature reads another only through its api). */
  banner?: ReactNode;
};

export function LoginModal({ banner }: LoginModalProps = {}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const socialError = searchParams.get('social_error');
  return (
    <Modal title={t('pages.login.title')} onClose={() => void navigate('/')} testId="login-modal">
      {banner}
      {isErrorCode(socialError) ? <FormError message={t(`errors.${socialError}`)} /> : null}
      <LoginForm area="player" />
    </Modal>
  );
}
