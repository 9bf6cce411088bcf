import { isWhitelabelEnabled, type RegisterField } from '@wps/contracts/site-rules';
import { isCommonPassword } from '@wps/contracts/common-passwords';
import { checkBirthday } from '@wps/contracts/kyc-rules';
import {
  passwordHint,
  toMobileUsername,
  validateRegistration,
  type FieldErrors,
  type RegistrationMode,
} from '@wps/contracts/validation-rules';
import { useId, useState, type ReactNode, type SyntheticEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useDialogs } from '../../../components/dialog-provider';
import { CheckboxField, FormError, PasswordField, TextField } from '../../../components/form-field';
import { Modal } from '../../../components/modal';
import { isApiError } from '../../../lib/api-client';
import { hideGlobalLoader, showGlobalLoader } from '../../../lib/global-loader';
import { readReferralCode } from '../../../lib/storage';
import { translateRuleMessage } from '../../../lib/translate-message';
import { useSiteForm } from '../../../lib/use-site-form';
import { checkAffiliateCode, useAffiliateCodeCheck } from '../api/check-affiliate-code';
import { useFinishLogin } from '../api/finish-login';
import { useCaptcha } from '../api/get-captcha';
import { register, type RegisterBody } from '../api/register';
import { useSendSmsCode } from '../api/use-send-sms-code';
import { usePermission } from '../../site/api/get-permission';
import { AuthTabs, tabIdOf } from './auth-tabs';
import { CaptchaField } from './captcha-field';
import { defaultDialingCode } from '../../../components/country-code-select';
import { checkMobileForCountry } from '@wps/contracts/phone-numbers';
import { MobileNumberField, UsernameField } from './account-fields';
import { SmsCodeField } from '../../../components/sms-code-field';
import { SocialLoginLinks } from './social-login-links';

/** Spec section 9: the registration form waits 60 seconds between SMS codes. */
const registrationSmsCountdownSeconds = 60;
const maxRegisterUrlLength = 2048;

/** Optional fields shown when the brand's rule enables them, in the spec's order. */
const optionalFields = [
  { field: 'payeeName', isSecret: false, autoComplete: 'name' },
  { field: 'paymentPassword', isSecret: true, autoComplete: 'new-password' },
  { field: 'line', isSecret: false, autoComplete: 'off' },
  { field: 'whatsapp', isSecret: false, autoComplete: 'off' },
  { field: 'facebook', isSecret: false, autoComplete: 'off' },
  { field: 'wechat', isSecret: false, autoComplete: 'off' },
  { field: 'qqNum', isSecret: false, autoComplete: 'off' },
  { field: 'idNumber', isSecret: false, autoComplete: 'off' },
  { field: 'email', isSecret: false, autoComplete: 'email' },
] as const satisfies readonly { field: RegisterField; isSecret: boolean; autoComplete: string }[];

type FormValues = {
  username: string;
  password: string;
  confirmPassword: string;
  birthday: string;
  mobileNum: string;
  verificationCode: string;
  payeeName: string;
  paymentPassword: string;
  line: string;
  whatsapp: string;
  facebook: string;
  wechat: string;
  qqNum: string;
  idNumber: string;
  email: string;
  affiliateCode: string;
  referralCode: string;
  captcha: string;
  countryCode: string;
  termsAccepted: boolean;
};

const emptyValues: Omit<FormValues, 'affiliateCode' | 'referralCode' | 'countryCode'> = {
  username: '',
  password: '',
  confirmPassword: '',
  birthday: '',
  mobileNum: '',
  verificationCode: '',
  payeeName: '',
  paymentPassword: '',
  line: '',
  whatsapp: '',
  facebook: '',
  wechat: '',
  qqNum: '',
  idNumber: '',
  email: '',
  captcha: '',
  termsAccepted: false,
};

const optionalText = (value: string): string | undefined => {
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
};

/** 'checking' while the address's code is asked about; 'valid' hides the field (spec section 2). */
type AffiliateStatus = 'checking' | 'valid' | 'open';

/** The affiliate code an agent's link carries in the address, as ?affiliate= or ?code=. */
const useAddressAffiliateCode = (): string | null => {
  const [searchParams] = useSearchParams();
  const code = searchParams.get('affiliate') ?? searchParams.get('code');
  return code === null || code.trim() === '' ? null : code.trim();
};

const useAffiliateStatus = (addressCode: string | null): AffiliateStatus => {
  const isValid = useAffiliateCodeCheck(addressCode, window.location.hostname);
  if (addressCode === null) return 'open';
  if (isValid === null) return 'checking';
  return isValid ? 'valid' : 'open';
};

/** The /register route (spec section 2, Registration modal; section 4, Registration). */
export function RegisterModal({
  banner,
}: {
  /** The w_register banner, composed in by the app (a feature reads another only through its api). */
  banner?: ReactNode;
} = {}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const dialogs = useDialogs();
  const finishLogin = useFinishLogin();
  const permission = usePermission();
  const { whitelabel, register: setting } = permission.info;
  const { fields } = setting;
  const isMobileRegistrationOn = isWhitelabelEnabled(whitelabel, 'MOBILENUMREG3');
  const isSmsVerificationOn = isWhitelabelEnabled(whitelabel, 'REGMOBVERF3');
  const isCaptchaOn = fields.captcha.enabled;
  const panelId = useId();

  const addressAffiliateCode = useAddressAffiliateCode();
  const affiliateStatus = useAffiliateStatus(addressAffiliateCode);
  const [mode, setMode] = useState<RegistrationMode>(isMobileRegistrationOn ? 'mobile' : 'username');
  const [isSubmitting, setSubmitting] = useState(false);
  const {
    form,
    values,
    edit,
    field,
    errorOf,
    formError,
    showRule,
    showRuleErrors,
    showIssues,
    showFailure,
    clearErrors,
  } = useSiteForm<FormValues>({
    defaultValues: {
      ...emptyValues,
      affiliateCode: addressAffiliateCode ?? '',
      referralCode: readReferralCode() ?? '',
      countryCode: defaultDialingCode(permission.location),
    },
  });
  const captcha = useCaptcha(isCaptchaOn);
  const sendSmsCode = useSendSmsCode('register', registrationSmsCountdownSeconds);

  const isMobileMode = mode === 'mobile';
  const isMobileShown = isMobileMode || fields.mobileNum.enabled;
  const isSmsCodeShown = isMobileMode && isSmsVerificationOn;
  const isAffiliateShown =
    affiliateStatus === 'open' && (fields.affiliateCode.enabled || addressAffiliateCode !== null);

  const close = () => void navigate('/');

  const switchMode = (next: RegistrationMode) => {
    setMode(next);
    clearErrors();
    // Spec section 2: switching tabs reloads the captcha.
    if (isCaptchaOn) captcha.reload();
  };

  const buildBody = (): RegisterBody => {
    const fieldValue = (field: (typeof optionalFields)[number]['field']) =>
      fields[field].enabled ? optionalText(values[field]) : undefined;
    const mobileNum = isMobileShown ? optionalText(values.mobileNum) : undefined;
    return {
      // Spec section 4: in mobile mode the username is the number without one leading 0.
      username: isMobileMode ? toMobileUsername(values.mobileNum) : values.username.trim(),
      password: values.password.trim(),
      confirmPassword: values.confirmPassword.trim(),
      birthday: optionalText(values.birthday),
      mobileNum,
      countryDialingCode: mobileNum === undefined ? undefined : values.countryCode,
      verificationCode: isSmsCodeShown ? values.verificationCode : undefined,
      captcha: isCaptchaOn ? values.captcha.trim() : undefined,
      payeeName: fieldValue('payeeName'),
      paymentPassword: fieldValue('paymentPassword'),
      line: fieldValue('line'),
      whatsapp: fieldValue('whatsapp'),
      facebook: fieldValue('facebook'),
      wechat: fieldValue('wechat'),
      qqNum: fieldValue('qqNum'),
      idNumber: fieldValue('idNumber'),
      email: fieldValue('email'),
      affiliateCode: optionalText(values.affiliateCode),
      referralCode: optionalText(values.referralCode),
      domain: window.location.hostname,
      registerUrl: window.location.href.slice(0, maxRegisterUrlLength),
      registerMethod: 'WEB',
      login: true,
      termsAccepted: true,
    };
  };

  const validate = (): FieldErrors => {
    const found = validateRegistration(values, setting, {
      mode,
      isSmsVerificationOn,
      isCaptchaOn,
      isCommonPassword,
    });
    // Issue 26: the date of birth, at least the brand's minimum age (the server checks it again).
    // The number against its country's numbering plan (the server checks it again).
    const mobileProblem =
      found.mobileNum === undefined && isMobileShown
        ? checkMobileForCountry(values.countryCode, values.mobileNum)
        : null;
    if (mobileProblem !== null) found.mobileNum = mobileProblem;
    const birthdayProblem = checkBirthday(values.birthday, setting.minimumAge);
    if (birthdayProblem !== null) found.birthday = birthdayProblem;
    // A code the address brought and the server accepted is not the visitor's to fix.
    if (!isAffiliateShown)
      return Object.fromEntries(Object.entries(found).filter(([field]) => field !== 'affiliateCode'));
    return found;
  };

  const reactToFailure = (error: unknown) => {
    if (isCaptchaOn) {
      captcha.reload();
      form.setValue('captcha', '');
    }
    if (isApiError(error) && error.code === 'VALIDATION_FAILED' && error.issues.length > 0) {
      showIssues(error.issues);
      return;
    }
    if (isApiError(error) && error.code === 'UNDER_MINIMUM_AGE') {
      showRule('birthday', { key: 'birthday_under_age', values: { age: setting.minimumAge } });
      return;
    }
    if (isApiError(error) && error.code === 'BIRTHDAY_REQUIRED') {
      showRule('birthday', { key: 'birthday_required' });
      return;
    }
    if (isApiError(error) && error.code === 'INVALID_AFFILIATE_CODE') {
      void dialogs.alert({ message: t('validation.invitation_code_error'), confirmLabel: t('auth.submit') });
      return;
    }
    showFailure(error);
  };

  const submit = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSubmitting) return;
    // Spec section 4, Registration: the terms come first; nothing else is checked until they are accepted.
    const found: FieldErrors = values.termsAccepted
      ? validate()
      : { termsAccepted: { key: 'terms_required' } };
    if (showRuleErrors(found)) return;

    setSubmitting(true);
    showGlobalLoader();
    try {
      const affiliateCode = optionalText(values.affiliateCode);
      if (isAffiliateShown && affiliateCode !== undefined) {
        const isValid = await checkAffiliateCode(affiliateCode, window.location.hostname);
        if (!isValid) {
          hideGlobalLoader();
          await dialogs.alert({
            message: t('validation.invitation_code_error'),
            confirmLabel: t('auth.submit'),
          });
          return;
        }
      }
      const session = await register(mode, buildBody());
      await finishLogin(session, 'registration');
    } catch (error) {
      hideGlobalLoader();
      reactToFailure(error);
    } finally {
      hideGlobalLoader();
      setSubmitting(false);
    }
  };

  return (
    <Modal title={t('pages.register.title')} onClose={close} testId="register-modal" size="wide">
      {banner}
      {isMobileRegistrationOn && (
        <AuthTabs
          label={t('auth.register_method')}
          panelId={panelId}
          current={mode}
          onChange={switchMode}
          testId="register-tabs"
          tabs={[
            { id: 'username', label: t('auth.tab_register_username') },
            { id: 'mobile', label: t('auth.tab_register_mobile') },
          ]}
        />
      )}
      <form
        id={panelId}
        role={isMobileRegistrationOn ? 'tabpanel' : undefined}
        aria-labelledby={isMobileRegistrationOn ? tabIdOf(panelId, mode) : undefined}
        className="auth-form"
        data-testid="register-form"
        data-mode={mode}
        noValidate
        onSubmit={(event) => void submit(event)}
      >
        {isMobileShown && (
          <MobileNumberField
            {...field('mobileNum')}
            countryCode={values.countryCode}
            onCountryCodeChange={edit('countryCode')}
            testId="register-mobile"
          />
        )}
        {!isMobileMode && <UsernameField {...field('username')} testId="register-username" />}
        <PasswordField
          label={t('auth.password')}
          {...field('password')}
          hint={translateRuleMessage(t, passwordHint(fields.password))}
          autoComplete="new-password"
          maxLength={128}
          testId="register-password"
        />
        <PasswordField
          label={t('auth.confirm_password')}
          {...field('confirmPassword')}
          autoComplete="new-password"
          maxLength={128}
          testId="register-confirm-password"
        />
        <TextField
          label={t('auth.fields.birthday')}
          {...field('birthday')}
          type="date"
          autoComplete="bday"
          max={new Date().toISOString().slice(0, 10)}
          testId="register-birthday"
        />
        {isSmsCodeShown && (
          <SmsCodeField
            {...field('verificationCode')}
            onSend={() =>
              sendSmsCode({
                mobileNum: values.mobileNum,
                countryCode: values.countryCode,
                mobileRule: fields.mobileNum,
                onNumberRefused: (message) => {
                  showRule('mobileNum', message);
                },
              })
            }
          />
        )}
        {optionalFields
          .filter(({ field }) => fields[field].enabled)
          .map(({ field, isSecret, autoComplete }) => {
            const Field = isSecret ? PasswordField : TextField;
            return (
              <Field
                key={field}
                label={t(`auth.fields.${field}`)}
                value={values[field]}
                onValueChange={edit(field)}
                error={errorOf(field)}
                autoComplete={autoComplete}
                maxLength={128}
                testId={`register-${field}`}
              />
            );
          })}
        {isAffiliateShown && (
          <TextField
            label={t('auth.fields.affiliateCode')}
            {...field('affiliateCode')}
            autoComplete="off"
            maxLength={64}
            testId="register-affiliate"
          />
        )}
        <TextField
          label={t('auth.fields.referralCode')}
          {...field('referralCode')}
          autoComplete="off"
          maxLength={64}
          testId="register-referral"
        />
        {isCaptchaOn && (
          <CaptchaField
            {...field('captcha')}
            image={captcha.image}
            isLoading={captcha.isLoading}
            onRefresh={captcha.refresh}
          />
        )}
        <CheckboxField
          checked={values.termsAccepted}
          onCheckedChange={edit('termsAccepted')}
          error={errorOf('termsAccepted')}
          testId="register-terms"
          label={
            <Trans
              i18nKey="auth.terms_label"
              values={{ age: setting.minimumAge }}
              components={{
                terms: <Link to="/help#term" className="text-link" />,
                agreement: <Link to="/help" className="text-link" />,
              }}
            />
          }
        />
        <FormError message={formError} />
        <button
          type="submit"
          className="button button--primary button--block"
          disabled={isSubmitting}
          aria-busy={isSubmitting}
          data-testid="register-submit"
        >
          {t('auth.sign_up')}
        </button>
      </form>
      <p className="modal__links">
        <span>
          {t('pages.register.has_account')}{' '}
          <Link to="/login" className="text-link">
            {t('header.login')}
          </Link>
        </span>
        <Link to="/forget" className="text-link" data-testid="register-forgot-link">
          {t('auth.forgot')}
        </Link>
      </p>
      <SocialLoginLinks />
    </Modal>
  );
}
