import { isWhitelabelEnabled } from '@wps/contracts/site-rules';
import { validateLogin } from '@wps/contracts/validation-rules';
import { useId, useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CheckboxField, FormError, PasswordField, TextField } from '../../../components/form-field';
import { isApiError } from '../../../lib/api-client';
import { hideGlobalLoader, showGlobalLoader } from '../../../lib/global-loader';
import { useSiteForm } from '../../../lib/use-site-form';
import { useCaptcha } from '../api/get-captcha';
import { useFinishLogin, type LoginArea } from '../api/finish-login';
import { login, loginFreePlay } from '../api/login';
import { useSendSmsCode } from '../api/use-send-sms-code';
import { usePermission } from '../../site/api/get-permission';
import { AuthTabs, tabIdOf } from './auth-tabs';
import { CaptchaField } from './captcha-field';
import { defaultDialingCode } from '../../../components/country-code-select';
import { MobileNumberField, UsernameField } from './account-fields';
import { SmsCodeField } from '../../../components/sms-code-field';
import { SocialLoginLinks } from './social-login-links';
import './login-form.css';

type LoginTab = 'username' | 'sms';

/** The SMS tab's number and code carry their messages under the request's names, username and password. */
type LoginValues = {
  username: string;
  password: string;
  countryCode: string;
  mobileNum: string;
  smsCode: string;
  captcha: string;
  verificationCode: string;
  isRemembered: boolean;
};

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
  const finishLogin = useFinishLogin();
  const permission = usePermission();
  const { whitelabel, register } = permission.info;
  const mobileRule = register.fields.mobileNum;
  const isPlayerArea = area === 'player';
  const isSmsLoginOn = isWhitelabelEnabled(whitelabel, 'MOBILEVERCODELOGIN3');
  const isFreePlayOn = isPlayerArea && isWhitelabelEnabled(whitelabel, 'FREEPLAY3');
  const panelId = useId();

  const [tab, setTab] = useState<LoginTab>('username');
  const [isCaptchaShown, setCaptchaShown] = useState(false);
  const [isVerificationStep, setVerificationStep] = useState(false);
  const [isSubmitting, setSubmitting] = useState(false);
  const {
    form,
    values,
    edit,
    field,
    formError,
    showRule,
    showRuleErrors,
    showIssues,
    showFailure,
    clearErrors,
  } = useSiteForm<LoginValues>({
    defaultValues: {
      username: '',
      password: '',
      countryCode: defaultDialingCode(permission.location),
      mobileNum: '',
      smsCode: '',
      captcha: '',
      verificationCode: '',
      isRemembered: false,
    },
  });
  const captcha = useCaptcha(isCaptchaShown);
  const sendSmsCode = useSendSmsCode('noLogin');

  const switchTab = (next: LoginTab) => {
    setTab(next);
    clearErrors();
    setVerificationStep(false);
  };

  const reactToFailure = (error: unknown) => {
    if (needsCaptcha(error)) {
      // Each answer is single-use: a form that already showed the captcha needs a new image.
      if (isCaptchaShown) captcha.reload();
      setCaptchaShown(true);
      form.setValue('captcha', '');
    }
    if (isApiError(error) && error.code === 'VERIFICATION_REQUIRED') {
      setVerificationStep(true);
      form.setValue('verificationCode', '');
      return;
    }
    if (isApiError(error) && error.code === 'VALIDATION_FAILED' && error.issues.length > 0) {
      showIssues(error.issues);
      return;
    }
    showFailure(error);
  };

  const submit = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSubmitting) return;
    const isSms = tab === 'sms';
    const input = isSms
      ? { type: tab, username: values.mobileNum, password: values.smsCode, captcha: values.captcha }
      : { type: tab, username: values.username, password: values.password, captcha: values.captcha };
    const found = validateLogin(input, { isCaptchaShown, mobileRule });
    if (isVerificationStep && values.verificationCode.trim() === '')
      found.verificationCode = { key: 'input_not_empty' };
    if (showRuleErrors(found)) return;

    setSubmitting(true);
    showGlobalLoader();
    try {
      const session = await login({
        type: tab,
        username: input.username.trim(),
        // The SMS code is sent as typed (spec section 5: every input but the SMS code is trimmed).
        password: isSms ? values.smsCode : values.password.trim(),
        captcha: isCaptchaShown ? values.captcha.trim() : undefined,
        countryDialingCode: isSms ? values.countryCode : undefined,
        remember: values.isRemembered,
        loginArea: area,
        verificationCode: isVerificationStep ? values.verificationCode.trim() : undefined,
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
    clearErrors();
    showGlobalLoader();
    try {
      await finishLogin(await loginFreePlay(), 'free-play');
    } catch (error) {
      showFailure(error);
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
            <UsernameField {...field('username')} testId="login-username" />
            <PasswordField
              label={t('auth.password')}
              {...field('password')}
              autoComplete="current-password"
              maxLength={128}
              testId="login-password"
            />
          </>
        ) : (
          <>
            <MobileNumberField
              {...field('mobileNum', 'username')}
              countryCode={values.countryCode}
              onCountryCodeChange={edit('countryCode')}
              testId="login-mobile"
            />
            <SmsCodeField
              {...field('smsCode', 'password')}
              onSend={() =>
                sendSmsCode({
                  mobileNum: values.mobileNum,
                  countryCode: values.countryCode,
                  mobileRule,
                  onNumberRefused: (message) => {
                    showRule('username', message);
                  },
                })
              }
            />
          </>
        )}
        {isCaptchaShown && (
          <CaptchaField
            {...field('captcha')}
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
              {...field('verificationCode')}
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
            checked={values.isRemembered}
            onCheckedChange={edit('isRemembered')}
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
