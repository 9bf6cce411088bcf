import { isCommonPassword } from '@wps/contracts/common-passwords';
import { isWhitelabelEnabled } from '@wps/contracts/site-rules';
import {
  passwordHint,
  validateChangePassword,
  validateForgotByEmail,
  validateForgotByPhone,
} from '@wps/contracts/validation-rules';
import { useId, useState, type ReactNode, type SyntheticEvent } from 'react';
import type { DefaultValues, FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { useDialogs } from '../../../components/dialog-provider';
import { FormError, PasswordField, TextField } from '../../../components/form-field';
import { Modal } from '../../../components/modal';
import { isApiError } from '../../../lib/api-client';
import { hideGlobalLoader, showGlobalLoader } from '../../../lib/global-loader';
import { translateRuleMessage } from '../../../lib/translate-message';
import { useSiteForm } from '../../../lib/use-site-form';
import { useFinishLogin } from '../api/finish-login';
import { completePasswordReset, resetPasswordByEmail, resetPasswordByPhone } from '../api/passwords';
import { useSendSmsCode } from '../api/use-send-sms-code';
import { usePermission } from '../../site/api/get-permission';
import { AuthTabs, tabIdOf } from './auth-tabs';
import { defaultDialingCode } from '../../../components/country-code-select';
import { MobileNumberField, UsernameField } from './account-fields';
import { SmsCodeField } from '../../../components/sms-code-field';

type ForgotMethod = 'email' | 'mobileNum';

type EmailResetValues = { username: string; email: string };
type LinkResetValues = { newPassword: string; confirmNewPassword: string };
type PhoneResetValues = {
  countryCode: string;
  mobileNum: string;
  verificationCode: string;
  newPassword: string;
};

/** Shared by both methods: the form, and its submission (loader on, failures to fields or the form, loader off). */
const useResetForm = <Values extends FieldValues>(defaultValues: DefaultValues<Values>) => {
  const [isSubmitting, setSubmitting] = useState(false);
  const resetForm = useSiteForm<Values>({ defaultValues });
  const { showIssues, showFailure } = resetForm;
  const run = async (action: () => Promise<void>) => {
    setSubmitting(true);
    showGlobalLoader();
    try {
      await action();
    } catch (error) {
      hideGlobalLoader();
      if (isApiError(error) && error.code === 'VALIDATION_FAILED' && error.issues.length > 0) {
        showIssues(error.issues);
      } else {
        showFailure(error);
      }
    } finally {
      hideGlobalLoader();
      setSubmitting(false);
    }
  };
  return { isSubmitting, run, ...resetForm };
};

function EmailResetForm({ panelProps }: { panelProps: PanelProps }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const dialogs = useDialogs();
  const usernameRule = usePermission().info.register.fields.username;
  const { isSubmitting, formError, run, values, field, showRuleErrors } = useResetForm<EmailResetValues>({
    username: '',
    email: '',
  });

  const submit = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSubmitting) return;
    if (showRuleErrors(validateForgotByEmail(values, { usernameRule }))) return;
    await run(async () => {
      await resetPasswordByEmail({ username: values.username.trim(), email: values.email.trim() });
      hideGlobalLoader();
      // Spec section 4 says the password was sent; now a link is, and only if the details match an account.
      await dialogs.alert({ message: t('auth.forgot_email_sent') });
      await navigate('/');
    });
  };

  return (
    <form {...panelProps} noValidate data-testid="forgot-email-form" onSubmit={(event) => void submit(event)}>
      <UsernameField {...field('username')} testId="forgot-username" />
      <TextField
        label={t('auth.fields.email')}
        {...field('email')}
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
  const finishLogin = useFinishLogin();
  const permission = usePermission();
  const { mobileNum: mobileRule, password: passwordRule } = permission.info.register.fields;
  const sendSmsCode = useSendSmsCode('noLogin');
  const { isSubmitting, formError, run, values, edit, field, showRule, showRuleErrors } =
    useResetForm<PhoneResetValues>({
      countryCode: defaultDialingCode(permission.location),
      mobileNum: '',
      verificationCode: '',
      newPassword: '',
    });

  const submit = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSubmitting) return;
    const { mobileNum, verificationCode, newPassword } = values;
    const found = validateForgotByPhone(
      { mobileNum, verificationCode, newPassword },
      { mobileRule, passwordRule, isCommonPassword },
    );
    if (showRuleErrors(found)) return;
    await run(async () => {
      const session = await resetPasswordByPhone({
        mobileNum: mobileNum.trim(),
        countryDialingCode: values.countryCode,
        verificationCode,
        newPassword: newPassword.trim(),
      });
      // Spec section 4: the reset logs the member in and goes to /.
      await finishLogin(session, 'password-reset');
    });
  };

  return (
    <form {...panelProps} noValidate data-testid="forgot-phone-form" onSubmit={(event) => void submit(event)}>
      <MobileNumberField
        {...field('mobileNum')}
        countryCode={values.countryCode}
        onCountryCodeChange={edit('countryCode')}
        testId="forgot-mobile"
      />
      <SmsCodeField
        {...field('verificationCode')}
        onSend={() =>
          sendSmsCode({
            mobileNum: values.mobileNum,
            countryCode: values.countryCode,
            mobileRule,
            onNumberRefused: (message) => {
              showRule('mobileNum', message);
            },
          })
        }
      />
      <PasswordField
        label={t('auth.new_password')}
        {...field('newPassword')}
        hint={translateRuleMessage(t, passwordHint(passwordRule))}
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

/**
 * The page the emailed link opens (/forget?reset=…): the new password twice; the link works once, and then the
 * member logs in with the new password.
 */
function LinkResetForm({ token }: { token: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const dialogs = useDialogs();
  const passwordRule = usePermission().info.register.fields.password;
  const { isSubmitting, formError, run, values, field, showRuleErrors } = useResetForm<LinkResetValues>({
    newPassword: '',
    confirmNewPassword: '',
  });

  const submit = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSubmitting) return;
    const found = validateChangePassword(values, {
      passwordRule,
      isOldPasswordRequired: false,
      isCommonPassword,
    });
    if (showRuleErrors(found)) return;
    await run(async () => {
      // Trimmed as everywhere on the site (the login sends the password trimmed).
      await completePasswordReset({ token, newPassword: values.newPassword.trim() });
      hideGlobalLoader();
      await dialogs.alert({ message: t('auth.reset_done') });
      await navigate('/login');
    });
  };

  return (
    <form
      className="auth-form"
      noValidate
      data-testid="reset-link-form"
      onSubmit={(event) => void submit(event)}
    >
      <p className="notice">{t('auth.reset_intro')}</p>
      <PasswordField
        label={t('auth.new_password')}
        {...field('newPassword')}
        hint={translateRuleMessage(t, passwordHint(passwordRule))}
        autoComplete="new-password"
        maxLength={128}
        testId="reset-new-password"
      />
      <PasswordField
        label={t('auth.confirm_new_password')}
        {...field('confirmNewPassword')}
        autoComplete="new-password"
        maxLength={128}
        testId="reset-confirm-password"
      />
      <FormError message={formError} />
      <button
        type="submit"
        className="button button--primary button--block"
        disabled={isSubmitting}
        data-testid="reset-submit"
      >
        {t('auth.submit')}
      </button>
    </form>
  );
}

type PanelProps = { id: string; role?: 'tabpanel'; 'aria-labelledby'?: string; className: string };

/**
 * The /forget route (spec section 2, Forgot-password modal): email and mobile tabs by the brand's flags,
 * the selector only when both are on, mobile first when the phone reset is on. With the token of an emailed
 * link (/forget?reset=…) it asks for the new password instead.
 */
export function ForgotPasswordModal({
  banner,
}: {
  /** The w_forget banner, composed in by the app (a feature reads another only through its api). */
  banner?: ReactNode;
} = {}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('reset');
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
      {token ? (
        <LinkResetForm token={token} />
      ) : (
        <ForgotMethods
          hasTabs={hasTabs}
          method={method}
          onMethodChange={setMethod}
          panelId={panelId}
          panelProps={panelProps}
          isPhoneOn={isPhoneOn}
          isEmailOn={isEmailOn}
        />
      )}
    </Modal>
  );
}

/** The two ways to ask for a reset, by the brand's flags. */
function ForgotMethods({
  hasTabs,
  method,
  onMethodChange,
  panelId,
  panelProps,
  isPhoneOn,
  isEmailOn,
}: {
  hasTabs: boolean;
  method: ForgotMethod;
  onMethodChange: (method: ForgotMethod) => void;
  panelId: string;
  panelProps: PanelProps;
  isPhoneOn: boolean;
  isEmailOn: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      {hasTabs && (
        <AuthTabs
          label={t('auth.forgot_method')}
          panelId={panelId}
          current={method}
          onChange={onMethodChange}
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
    </>
  );
}
