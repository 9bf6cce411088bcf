import { useQueryClient } from '@tanstack/react-query';
import { validateChangePassword } from '@wps/contracts/validation-rules';
import { useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useDialogs } from '../../../components/dialog-provider';
import { FormError, PasswordField } from '../../../components/form-field';
import { Modal } from '../../../components/modal';
import { isApiError } from '../../../lib/api-client';
import { hideGlobalLoader, showGlobalLoader } from '../../../lib/global-loader';
import { savePasswordChangePending } from '../../../lib/storage';
import { translateApiError } from '../../../lib/translate-message';
import { fieldErrorsFromIssues, useFieldErrors } from '../../../lib/use-field-errors';
import { changePassword } from '../../auth/api/passwords';
import { useSignOut } from '../../auth/api/use-sign-out';
import { usePermission } from '../../site/api/get-permission';
import { memberQueryKeyPrefix } from '../api/get-member-info';

type ChangePasswordModalProps = {
  /** The forced change after login: it cannot be dismissed, only completed or left by signing out. */
  isForced: boolean;
  onClose?: () => void;
  /** After a successful change, once the member info is reloaded. */
  onChanged: () => void;
};

/** Spec section 5, Change password; the first error of each field beside its label. */
export function ChangePasswordModal({ isForced, onClose, onChanged }: ChangePasswordModalProps) {
  const { t } = useTranslation();
  const dialogs = useDialogs();
  const queryClient = useQueryClient();
  const signOut = useSignOut();
  const passwordRule = usePermission().info.register.fields.password;
  const [oldPassword, setOldPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirmNewPassword, setConfirmNewPassword] = useState('');
  const [isSubmitting, setSubmitting] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const { setErrors, errorOf, edit } = useFieldErrors();

  const submit = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSubmitting) return;
    // The site never keeps the current password, so it is always asked for, forced change included.
    const found = validateChangePassword(
      { oldPassword, newPassword, confirmNewPassword },
      { passwordRule, isOldPasswordRequired: true },
    );
    setErrors(found);
    setFormError(null);
    if (Object.keys(found).length > 0) return;
    setSubmitting(true);
    showGlobalLoader();
    try {
      await changePassword({
        oldPassword: oldPassword.trim(),
        newPassword: newPassword.trim(),
        confirmNewPassword: confirmNewPassword.trim(),
      });
      savePasswordChangePending(false);
      await queryClient.invalidateQueries({ queryKey: memberQueryKeyPrefix });
      dialogs.toast(t('auth.password_changed'));
      onChanged();
    } catch (error) {
      hideGlobalLoader();
      if (isApiError(error) && error.code === 'OLD_PASSWORD_WRONG') {
        setErrors({ oldPassword: { key: translateApiError(t, error) } });
      } else if (isApiError(error) && error.code === 'VALIDATION_FAILED' && error.issues.length > 0) {
        setErrors(fieldErrorsFromIssues(error.issues));
      } else {
        setFormError(translateApiError(t, error));
      }
    } finally {
      hideGlobalLoader();
      setSubmitting(false);
    }
  };

  return (
    <Modal
      title={t('auth.change_password')}
      onClose={isForced ? undefined : onClose}
      testId={isForced ? 'forced-change-password-modal' : 'change-password-modal'}
    >
      {isForced && (
        <p className="notice" role="status">
          {t('auth.change_password_forced')}
        </p>
      )}
      <form className="auth-form" noValidate onSubmit={(event) => void submit(event)}>
        <PasswordField
          label={t('auth.old_password')}
          value={oldPassword}
          onValueChange={edit('oldPassword', setOldPassword)}
          error={errorOf('oldPassword')}
          autoComplete="current-password"
          maxLength={128}
          testId="change-old-password"
        />
        <PasswordField
          label={t('auth.new_password')}
          value={newPassword}
          onValueChange={edit('newPassword', setNewPassword)}
          error={errorOf('newPassword')}
          autoComplete="new-password"
          maxLength={128}
          testId="change-new-password"
        />
        <PasswordField
          label={t('auth.confirm_new_password')}
          value={confirmNewPassword}
          onValueChange={edit('confirmNewPassword', setConfirmNewPassword)}
          error={errorOf('confirmNewPassword')}
          autoComplete="new-password"
          maxLength={128}
          testId="change-confirm-password"
        />
        <FormError message={formError} />
        <button
          type="submit"
          className="button button--primary button--block"
          disabled={isSubmitting}
          data-testid="change-password-submit"
        >
          {t('auth.submit')}
        </button>
      </form>
      {isForced && (
        <p className="modal__links">
          <button type="button" className="text-link link-button" onClick={() => void signOut()}>
            {t('auth.logout')}
          </button>
        </p>
      )}
    </Modal>
  );
}
