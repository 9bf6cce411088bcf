import { isWhitelabelEnabled } from '@wps/contracts/site-rules';
import { checkMobileNumber, validateLogin, type FieldErrors } from '@wps/contracts/validation-rules';
import { useId, useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDialogs } from '../../../components/dialog-provider';
import { CheckboxField, FormError, PasswordField, TextField } from '../../../components/form-field';
import { isApiError } from '../../../lib/api-client';
import { hideGlobalLoader, showGlobalLoader } from '../../../lib/global-loader';
import { translateApiError } from '../../../lib/translate-message';
import { fieldErrorsFromIssues, useFieldErrors } from '../../../lib/use-field-errors';
import { useCaptcha } from '../api/get-captcha';
import { useFinishLogin, type LoginArea } from '../api/finish-login';
import { login, loginFreePlay } from '../api/login';
import { sendSmsCode } from '../api/send-sms-code';
import { usePermission } from '../../site/api/get-permission';
import { AuthTabs, tabIdOf } from './auth-tabs';
import { CaptchaField } from './captcha-field';
import { CountryCodeSelect, defaultDialingCode } from './country-code-select';
import { SmsCodeField } from './sms-code-field';
import { SocialLoginLinks } from './social-login-links';

type LoginTab = 'username' | 'sms';

const secondsPerMinute = 60;

const needsCaptcha = (error: unknown): boolean =>
  isApiError(error) &&
  (error.isCaptchaRequired || error.code === 'CAPTCHA_REQUIRED' || error.code === 'CAPTCHA_INVALID');

type LoginFormProps = { area: LoginArea };

/**
 * The login form of the login modal and of the agent page (spec section 2, Login form): username and
 * password, or mobile number and SMS code; the captcha after a failure that asks for it; the extra
 * verification step when the server wants a code for an unfamiliar address.
 */
export function LoginForm({ area }: LoginFormProps) {
  const { t } = useTranslation();
  const dialogs = useDialogs();
  const finishLogin = useFinishLogin();
  const permission = usePermission();
  const { whitelabel, register } = permission.info;
  const mobileRule = register.fields.mobileNum;
  const isPlayerArea = area === 'player';
  const isSmsLoginOn = isWhitelabelEnabled(whitelabel, 'MOBILEVERCODELOGIN3');
  const isFreePlayOn = isPlayerArea && isWhitelabelEnabled(whitelabel, 'FREEPLAY3');
  const panelId = useId();

  const [tab, setTab] = useState<LoginTab>('username');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [countryCode, setCountryCode] = useState(() => defaultDialingCode(permission.location.countryCode));
  const [mobileNum, setMobileNum] = useState('');
  const [smsCode, setSmsCode] = useState('');
  const [captchaAnswer, setCaptchaAnswer] = useState('');
  const [verificationCode, setVerificationCode] = useState('');
  const [isRemembered, setRemembered] = useState(false);
  const [isCaptchaShown, setCaptchaShown] = useState(false);
  const [isVerificationStep, setVerificationStep] = useState(false);
  const [isSubmitting, setSubmitting] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const { setErrors, errorOf, edit } = useFieldErrors();
  const captcha = useCaptcha(isCaptchaShown);

  const switchTab = (next: LoginTab) => {
    setTab(next);
    setErrors({});
    setFormError(null);
    setVerificationStep(false);
  };

  const sendLoginCode = async (): Promise<number | null> => {
    const mobileError = checkMobileNumber(mobileNum, mobileRule, true);
    if (mobileError !== null) {
      setErrors((current) => ({ ...current, username: mobileError }));
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
      // Spec section 8: a failed SMS request shows the server's message in a warning with a confirm button.
      await dialogs.alert({ message: isApiError(error) ? error.message : translateApiError(t, error) });
      return null;
    } finally {
      hideGlobalLoader();
    }
  };

  const reactToFailure = (error: unknown) => {
    if (needsCaptcha(error)) {
      // Each answer is single-use: a form that already showed the captcha needs a new image.
      if (isCaptchaShown) captcha.reload();
      setCaptchaShown(true);
      setCaptchaAnswer('');
    }
    if (isApiError(error) && error.code === 'VERIFICATION_REQUIRED') {
      setVerificationStep(true);
      setVerificationCode('');
      setFormError(null);
      return;
    }
    if (isApiError(error) && error.code === 'VALIDATION_FAILED' && error.issues.length > 0) {
      setErrors(fieldErrorsFromIssues(error.issues));
      return;
    }
    setFormError(translateApiError(t, error));
  };

  const submit = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSubmitting) return;
    const isSms = tab === 'sms';
    const input = isSms
      ? { type: tab, username: mobileNum, password: smsCode, captcha: captchaAnswer }
      : { type: tab, username, password, captcha: captchaAnswer };
    const found: FieldErrors = validateLogin(input, { isCaptchaShown, mobileRule });
    if (isVerificationStep && verificationCode.trim() === '')
      found.verificationCode = { key: 'input_not_empty' };
    setErrors(found);
    setFormError(null);
    if (Object.keys(found).length > 0) return;

    setSubmitting(true);
    showGlobalLoader();
    try {
      const session = await login({
        type: tab,
        username: input.username.trim(),
        // The SMS code is sent as typed (spec section 5: every input but the SMS code is trimmed).
        password: isSms ? smsCode : password.trim(),
        captcha: isCaptchaShown ? captchaAnswer.trim() : undefined,
        countryDialingCode: isSms ? countryCode : undefined,
        remember: isRemembered,
        loginArea: area,
        verificationCode: isVerificationStep ? verificationCode.trim() : undefined,
      });
      await finishLogin(session, isSms ? 'sms' : 'password', area);
    } catch (error) {
      hideGlobalLoader();
      reactToFailure(error);
    } finally {
      hideGlobalLoader();
      setSubmitting(false);
    }
  };

  const startFreePlay = async () => {
    setFormError(null);
    showGlobalLoader();
    try {
      await finishLogin(await loginFreePlay(), 'free-play');
    } catch (error) {
      setFormError(translateApiError(t, error));
    } finally {
      hideGlobalLoader();
    }
  };

  return (
    <div className="login-form" data-testid="login-form">
      {isSmsLoginOn && (
        <AuthTabs
          label={t('auth.login_method')}
          panelId={panelId}
          current={tab}
          onChange={switchTab}
          tabs={[
            { id: 'username', label: t('auth.tab_username') },
            { id: 'sms', label: t('auth.tab_sms') },
          ]}
        />
      )}
      <form
        id={panelId}
        role={isSmsLoginOn ? 'tabpanel' : undefined}
        aria-labelledby={isSmsLoginOn ? tabIdOf(panelId, tab) : undefined}
        className="auth-form"
        noValidate
        onSubmit={(event) => void submit(event)}
      >
        {tab === 'username' ? (
          <>
            <TextField
              label={t('auth.username')}
              value={username}
              onValueChange={edit('username', setUsername)}
              error={errorOf('username')}
              autoComplete="username"
              autoCapitalize="off"
              maxLength={64}
              testId="login-username"
            />
            <PasswordField
              label={t('auth.password')}
              value={password}
              onValueChange={edit('password', setPassword)}
              error={errorOf('password')}
              autoComplete="current-password"
              maxLength={128}
              testId="login-password"
            />
          </>
        ) : (
          <>
            <TextField
              label={t('auth.mobile')}
              value={mobileNum}
              onValueChange={edit('username', setMobileNum)}
              error={errorOf('username')}
              type="tel"
              inputMode="numeric"
              autoComplete="tel-national"
              maxLength={32}
              testId="login-mobile"
              leading={<CountryCodeSelect value={countryCode} onChange={setCountryCode} />}
            />
            <SmsCodeField
              value={smsCode}
              onValueChange={edit('password', setSmsCode)}
              error={errorOf('password')}
              onSend={sendLoginCode}
            />
          </>
        )}
        {isCaptchaShown && (
          <CaptchaField
            value={captchaAnswer}
            onValueChange={edit('captcha', setCaptchaAnswer)}
            error={errorOf('captcha')}
            image={captcha.image}
            isLoading={captcha.isLoading}
            onRefresh={captcha.refresh}
          />
        )}
        {isVerificationStep && (
          <div className="verification-step" data-testid="verification-step">
            <p className="notice" role="status">
              {t('auth.verification_sent')}
            </p>
            <TextField
              label={t('auth.verification_code')}
              value={verificationCode}
              onValueChange={edit('verificationCode', setVerificationCode)}
              error={errorOf('verificationCode')}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={16}
              testId="verification-code"
            />
          </div>
        )}
        <div className="auth-form__row">
          <CheckboxField
            label={t('auth.remember')}
            checked={isRemembered}
            onCheckedChange={setRemembered}
            testId="login-remember"
          />
          <Link to="/forget" className="text-link" data-testid="forgot-link">
            {t('auth.forgot')}
          </Link>
        </div>
        <FormError message={formError} />
        <button
          type="submit"
          className="button button--primary button--block"
          disabled={isSubmitting}
          aria-busy={isSubmitting}
          data-testid="login-submit"
        >
          {t('auth.login_submit')}
        </button>
      </form>
      {isPlayerArea && (
        <p className="modal__links">
          <span>
            {t('pages.login.no_account')}{' '}
            <Link to="/register" className="text-link" data-testid="register-link">
              {t('auth.register_now')}
            </Link>
          </span>
          {isFreePlayOn && (
            <button
              type="button"
              className="text-link link-button"
              data-testid="free-play-link"
              onClick={() => void startFreePlay()}
            >
              {t('auth.free_play')}
            </button>
          )}
        </p>
      )}
      {isPlayerArea && <SocialLoginLinks />}
    </div>
  );
}
