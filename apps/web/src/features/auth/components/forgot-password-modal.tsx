import { isWhitelabelEnabled } from '@wps/contracts/site-rules';
import {
  checkMobileNumber,
  validateForgotByEmail,
  validateForgotByPhone,
} from '@wps/contracts/validation-rules';
import { useId, useState, type ReactNode, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { useDialogs } from '../../../components/dialog-provider';
import { FormError, PasswordField, TextField } from '../../../components/form-field';
import { Modal } from '../../../components/modal';
import { isApiError } from '../../../lib/api-client';
import { hideGlobalLoader, showGlobalLoader } from '../../../lib/global-loader';
import { translateApiError } from '../../../lib/translate-message';
import { fieldErrorsFromIssues, useFieldErrors } from '../../../lib/use-field-errors';
import { useFinishLogin } from '../api/finish-login';
import { resetPasswordByEmail, resetPasswordByPhone } from '../api/passwords';
import { sendSmsCode } from '../api/send-sms-code';
import { usePermission } from '../../site/api/get-permission';
import { AuthTabs, tabIdOf } from './auth-tabs';
import { CountryCodeSelect, defaultDialingCode } from './country-code-select';
import { SmsCodeField } from './sms-code-field';

type ForgotMethod = 'email' | 'mobileNum';

const secondsPerMinute = 60;

/** Shared by both methods: loader on, failures to fields or the form, loader off. */
const useSubmission = () => {
  const { t } = useTranslation();
  const [isSubmitting, setSubmitting] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const fieldErrors = useFieldErrors();
  const run = async (action: () => Promise<void>) => {
    setSubmitting(true);
    setFormError(null);
    showGlobalLoader();
    try {
      await action();
    } catch (error) {
      hideGlobalLoader();
      if (isApiError(error) && error.code === 'VALIDATION_FAILED' && error.issues.length > 0) {
        fieldErrors.setErrors(fieldErrorsFromIssues(error.issues));
      } else {
        setFormError(translateApiError(t, error));
      }
    } finally {
      hideGlobalLoader();
      setSubmitting(false);
    }
  };
  return { isSubmitting, formError, run, ...fieldErrors };
};

function EmailResetForm({ panelProps }: { panelProps: PanelProps }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const dialogs = useDialogs();
  const usernameRule = usePermission().info.register.fields.username;
  const [username, setUsername] = useState('');
  const [email, setEmail] = useState('');
  const { isSubmitting, formError, run, setErrors, errorOf, edit } = useSubmission();

  const submit = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSubmitting) return;
    const found = validateForgotByEmail({ username, email }, { usernameRule });
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    await run(async () => {
      await resetPasswordByEmail({ username: username.trim(), email: email.trim() });
      hideGlobalLoader();
      // Spec section 4: say the password was sent, then close.
      await dialogs.alert({ message: t('auth.forgot_email_sent') });
      await navigate('/');
    });
  };

  return (
    <form {...panelProps} noValidate data-testid="forgot-email-form" onSubmit={(event) => void submit(event)}>
      <TextField
        label={t('auth.username')}
        value={username}
        onValueChange={edit('username', setUsername)}
        error={errorOf('username')}
        autoComplete="username"
        autoCapitalize="off"
        maxLength={64}
        testId="forgot-username"
      />
      <TextField
        label={t('auth.fields.email')}
        value={email}
        onValueChange={edit('email', setEmail)}
        error={errorOf('email')}
        type="email"
        autoComplete="email"
        maxLength={128}
        testId="forgot-email"
      />
      <FormError message={formError} />
      <button
        type="submit"
        className="button button--primary button--block"
        disabled={isSubmitting}
        data-testid="forgot-submit"
      >
        {t('auth.submit')}
      </button>
    </form>
  );
}

function PhoneResetForm({ panelProps }: { panelProps: PanelProps }) {
  const { t } = useTranslation();
  const dialogs = useDialogs();
  const finishLogin = useFinishLogin();
  const permission = usePermission();
  const { mobileNum: mobileRule, password: passwordRule } = permission.info.register.fields;
  const [countryCode, setCountryCode] = useState(() => defaultDialingCode(permission.location.countryCode));
  const [mobileNum, setMobileNum] = useState('');
  const [verificationCode, setVerificationCode] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const { isSubmitting, formError, run, setErrors, errorOf, edit } = useSubmission();

  const sendCode = async (): Promise<number | null> => {
    const mobileError = checkMobileNumber(mobileNum, mobileRule, true);
    if (mobileError !== null) {
      setErrors((current) => ({ ...current, mobileNum: mobileError }));
      return null;
    }
    showGlobalLoader();
    try {
      const minutes = await sendSmsCode('noLogin', {
        countryDialingCode: countryCode,
        mobileNo: mobileNum.trim(),
      });
      return minutes * secondsPerMinute;
    } catch (error) {
      hideGlobalLoader();
      await dialogs.alert({ message: isApiError(error) ? error.message : translateApiError(t, error) });
      return null;
    } finally {
      hideGlobalLoader();
    }
  };

  const submit = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSubmitting) return;
    const found = validateForgotByPhone(
      { mobileNum, verificationCode, newPassword },
      { mobileRule, passwordRule },
    );
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    await run(async () => {
      const session = await resetPasswordByPhone({
        mobileNum: mobileNum.trim(),
        countryDialingCode: countryCode,
        verificationCode,
        newPassword: newPassword.trim(),
      });
      // Spec section 4: the reset logs the member in and goes to /.
      await finishLogin(session, 'password-reset');
    });
  };

  return (
    <form {...panelProps} noValidate data-testid="forgot-phone-form" onSubmit={(event) => void submit(event)}>
      <TextField
        label={t('auth.mobile')}
        value={mobileNum}
        onValueChange={edit('mobileNum', setMobileNum)}
        error={errorOf('mobileNum')}
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        maxLength={32}
        testId="forgot-mobile"
        leading={<CountryCodeSelect value={countryCode} onChange={setCountryCode} />}
      />
      <SmsCodeField
        value={verificationCode}
        onValueChange={edit('verificationCode', setVerificationCode)}
        error={errorOf('verificationCode')}
        onSend={sendCode}
      />
      <PasswordField
        label={t('auth.new_password')}
        value={newPassword}
        onValueChange={edit('newPassword', setNewPassword)}
        error={errorOf('newPassword')}
        autoComplete="new-password"
        maxLength={128}
        testId="forgot-new-password"
      />
      <FormError message={formError} />
      <button
        type="submit"
        className="button button--primary button--block"
        disabled={isSubmitting}
        data-testid="forgot-submit"
      >
        {t('auth.submit')}
      </button>
    </form>
  );
}

type PanelProps = { id: string; role?: 'tabpanel'; 'aria-labelledby'?: string; className: string };

/**
 * The /forget route (spec section 2, Forgot-password modal): email and mobile tabs by the brand's flags,
 * the selector only when both are on, mobile first when the phone reset is on.
 */
export function ForgotPasswordModal({
  banner,
}: {
  /** The w_forget banner, composed in by the app (a feature reads another only through its api). */
  banner?: ReactNode;
} = {}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { whitelabel } = usePermission().info;
  const isPhoneOn = isWhitelabelEnabled(whitelabel, 'CHNGPASSVERIF3');
  const isEmailOn = isWhitelabelEnabled(whitelabel, 'CHNGPASSMAIL3');
  const [method, setMethod] = useState<ForgotMethod>(isPhoneOn ? 'mobileNum' : 'email');
  const panelId = useId();
  const hasTabs = isPhoneOn && isEmailOn;
  const panelProps: PanelProps = hasTabs
    ? { id: panelId, role: 'tabpanel', 'aria-labelledby': tabIdOf(panelId, method), className: 'auth-form' }
    : { id: panelId, className: 'auth-form' };

  return (
    <Modal title={t('pages.forget.title')} onClose={() => void navigate('/')} testId="forgot-modal">
      {banner}
      {hasTabs && (
        <AuthTabs
          label={t('auth.forgot_method')}
          panelId={panelId}
          current={method}
          onChange={setMethod}
          testId="forgot-tabs"
          tabs={[
            { id: 'email', label: t('auth.tab_email') },
            { id: 'mobileNum', label: t('auth.tab_mobile') },
          ]}
        />
      )}
      {!isPhoneOn && !isEmailOn ? (
        <EmptyState message={t('auth.forgot_unavailable')} />
      ) : method === 'email' ? (
        <EmailResetForm key="email" panelProps={panelProps} />
      ) : (
        <PhoneResetForm key="mobileNum" panelProps={panelProps} />
      )}
    </Modal>
  );
}
