import { useQueryClient } from '@tanstack/react-query';
import { isCommonPassword } from '@wps/contracts/common-passwords';
import { passwordHint, validateChangePassword } from '@wps/contracts/validation-rules';
import { useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useDialogs } from '../../../components/dialog-provider';
import { FormError, PasswordField } from '../../../components/form-field';
import { Modal } from '../../../components/modal';
import { isApiError } from '../../../lib/api-client';
import { hideGlobalLoader, showGlobalLoader } from '../../../lib/global-loader';
import { savePasswordChangePending } from '../../../lib/storage';
import { translateRuleMessage } from '../../../lib/translate-message';
import { useSiteForm } from '../../../lib/use-site-form';
import { changePassword } from '../../auth/api/passwords';
import { useSignOut } from '../../auth/api/use-sign-out';
import { usePermission } from '../../site/api/get-permission';

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
  const [isSubmitting, setSubmitting] = useState(false);
  const { values, field, formError, showRuleErrors, showIssues, showCode, showFailure } = useSiteForm({
    defaultValues: { oldPassword: '', newPassword: '', confirmNewPassword: '' },
  });

  const submit = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSubmitting) return;
    // The site never keeps the current password, so it is always asked for, forced change included.
    const found = validateChangePassword(values, {
      passwordRule,
      isOldPasswordRequired: true,
      isCommonPassword,
    });
    if (showRuleErrors(found)) return;
    setSubmitting(true);
    showGlobalLoader();
    try {
      await changePassword({
        oldPassword: values.oldPassword.trim(),
        newPassword: values.newPassword.trim(),
        confirmNewPassword: values.confirmNewPassword.trim(),
      });
      savePasswordChangePending(false);
      // Everything the server refused while the change was due (PASSWORD_CHANGE_REQUIRED) loads again.
      await queryClient.invalidateQueries();
      dialogs.toast(t('auth.password_changed'));
      onChanged();
    } catch (error) {
      hideGlobalLoader();
      if (isApiError(error) && error.code === 'OLD_PASSWORD_WRONG') {
        showCode('oldPassword', error.code);
      } else if (isApiError(error) && error.code === 'VALIDATION_FAILED' && error.issues.length > 0) {
        showIssues(error.issues);
      } else {
        showFailure(error);
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
          {...field('oldPassword')}
          autoComplete="current-password"
          maxLength={128}
          testId="change-old-password"
        />
        <PasswordField
          label={t('auth.new_password')}
          {...field('newPassword')}
          hint={translateRuleMessage(t, passwordHint(passwordRule))}
          autoComplete="new-password"
          maxLength={128}
          testId="change-new-password"
        />
        <PasswordField
          label={t('auth.confirm_new_password')}
          {...field('confirmNewPassword')}
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
