import type { Location } from '@wps/contracts/site';
import { checkMobileNumber, type FieldErrors, type RuleMessage } from '@wps/contracts/validation-rules';
import { type ComponentProps, type ReactNode, useId, useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CountryCodeSelect, defaultDialingCode } from '../../../components/country-code-select';
import { useDialogs } from '../../../components/dialog-provider';
import { SmsCodeField } from '../../../components/sms-code-field';
import { FormError, TextField } from '../../../components/form-field';
import { useSiteForm } from '../../../lib/use-site-form';
import { useCountryCodes } from '../../auth/api/country-codes';
import { usePermission } from '../../site/api/get-permission';
import {
  sendEmailBindingCode,
  sendMobileBindingCode,
  useBindEmail,
  useBindMobile,
  type BindingCode,
} from '../api/bind-contact';
import { translateSecurityRule } from '../form-messages';

/** The bound number's dialling code ("+63 ****4567"), else the visitor's country's (by address). */
const firstDialingCode = (bound: string | null, location: Pick<Location, 'dialingCode'>): string => {
  const boundCode = bound === null ? undefined : /^\+\d{1,4}(?=\s)/.exec(bound)?.[0];
  if (boundCode !== undefined) return boundCode;
  return defaultDialingCode(location);
};

const codePattern = /^\d{4,8}$/;
const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const emailMaxLength = 254;

/** A code is entered only for the number or address it was sent to, in the digits the server sends. */
const checkCode = (code: string, sentTo: string | null, target: string): RuleMessage | null => {
  if (sentTo === null || sentTo !== target) return { key: 'code_not_sent' };
  if (code === '') return { key: 'input_not_empty' };
  return codePattern.test(code) ? null : { key: 'verification_code_invalid' };
};

/** What is bound now, masked by the server, or "Not set". */
function BoundValue({ label, value, testId }: { label: string; value: string | null; testId: string }) {
  const { t } = useTranslation();
  return (
    <dl className="details-list">
      <div>
        <dt>{label}</dt>
        <dd dir={value === null ? undefined : 'ltr'} data-testid={testId}>
          {value ?? t('member_menu.not_set')}
        </dd>
      </div>
    </dl>
  );
}

type BindingProps = {
  /** What is bound now (masked), or null. */
  current: string | null;
  /** The section's id, for the security level's "bind" actions. */
  sectionId: string;
};

/** Where the last code went (a code is entered only for it) and the notice that says so. */
const useSentCode = () => {
  const { t } = useTranslation();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  return {
    sentTo,
    notice,
    /** Remembers the target and answers the seconds before another code may be sent. */
    markSent: (target: string, sent: BindingCode): number => {
      setSentTo(target);
      setNotice(t('security_centre.code.sent', { minutes: sent.expiredMinutes }));
      return sent.resendSeconds;
    },
    clear: () => {
      setSentTo(null);
      setNotice(null);
    },
  };
};

type BindingCardProps = {
  kind: 'mobile' | 'email';
  sectionId: string;
  current: string | null;
  texts: { title: string; current: string; submit: string };
  /** The target's own field (the number with its country, or the address). */
  children: ReactNode;
  code: Pick<ComponentProps<typeof SmsCodeField>, 'value' | 'onValueChange' | 'error'>;
  onSendCode: () => Promise<number | null>;
  notice: string | null;
  formError: ComponentProps<typeof FormError>['message'];
  isPending: boolean;
  onSubmit: (event: SyntheticEvent<HTMLFormElement>) => Promise<void>;
};

/** A binding's card: what is bound now, the new target, its code (sent on demand) and the submit button. */
function BindingCard({
  kind,
  sectionId,
  current,
  texts,
  children,
  code,
  onSendCode,
  notice,
  formError,
  isPending,
  onSubmit,
}: BindingCardProps) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <section
      id={sectionId}
      className="security-card"
      aria-labelledby={titleId}
      data-testid={`security-${kind}`}
    >
      <h3 id={titleId}>{texts.title}</h3>
      <BoundValue label={texts.current} value={current} testId={`security-${kind}-current`} />
      <form className="security-form" noValidate onSubmit={(event) => void onSubmit(event)}>
        {children}
        <SmsCodeField
          {...code}
          onSend={onSendCode}
          label={t('security_centre.code.label')}
          testId={`security-${kind}-code`}
          sendTestId={`security-${kind}-code-send`}
        />
        {notice !== null && (
          <p className="security-hint" role="status">
            {notice}
          </p>
        )}
        <FormError message={formError} />
        <button
          type="submit"
          className="button button--primary"
          disabled={isPending}
          aria-busy={isPending}
          data-testid={`security-${kind}-submit`}
        >
          {texts.submit}
        </button>
      </form>
    </section>
  );
}

type MobileValues = { countryCode: string; mobileNum: string; verificationCode: string };

/** Binds or changes the mobile number: a code by SMS to the new number, then that code. */
export function MobileBinding({ current, sectionId }: BindingProps) {
  const { t } = useTranslation();
  const dialogs = useDialogs();
  const permission = usePermission();
  const mobileRule = permission.info.register.fields.mobileNum;
  const countries = useCountryCodes();
  const bind = useBindMobile();
  const sentCode = useSentCode();
  const { form, values, edit, field, formError, showRuleErrors, showApiError } = useSiteForm<MobileValues>({
    defaultValues: {
      countryCode: firstDialingCode(current, permission.location),
      mobileNum: '',
      verificationCode: '',
    },
    translateRule: translateSecurityRule,
    fieldOfCode: { MOBILE_TAKEN: 'mobileNum', VERIFICATION_CODE_INVALID: 'verificationCode' },
  });
  const mobileNum = values.mobileNum.trim();
  const target = `${values.countryCode} ${mobileNum}`;

  const checkNumber = async (): Promise<RuleMessage | null> => {
    const ruleProblem = checkMobileNumber(mobileNum, mobileRule, true);
    if (ruleProblem !== null) return ruleProblem;
    // The countries' numbering plans are large: they load when a code is first asked for, not with the page.
    const { checkMobileForCountry } = await import('@wps/contracts/phone-numbers');
    return checkMobileForCountry(values.countryCode, mobileNum);
  };

  const sendCode = async (): Promise<number | null> => {
    const problem = await checkNumber();
    if (problem !== null) {
      showRuleErrors({ mobileNum: problem });
      return null;
    }
    try {
      return sentCode.markSent(
        target,
        await sendMobileBindingCode({ countryDialingCode: values.countryCode, mobileNum }),
      );
    } catch (error) {
      showApiError(error);
      return null;
    }
  };

  const submit = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (bind.isPending) return;
    const found: FieldErrors = {};
    const mobileProblem = checkMobileNumber(mobileNum, mobileRule, true);
    if (mobileProblem !== null) found.mobileNum = mobileProblem;
    const codeProblem = checkCode(values.verificationCode, sentCode.sentTo, target);
    if (codeProblem !== null) found.verificationCode = codeProblem;
    if (showRuleErrors(found)) return;
    try {
      await bind.mutateAsync({
        countryDialingCode: values.countryCode,
        mobileNum,
        verificationCode: values.verificationCode,
      });
      form.reset({ countryCode: values.countryCode, mobileNum: '', verificationCode: '' });
      sentCode.clear();
      dialogs.toast(t('security_centre.mobile.bound'));
    } catch (error) {
      showApiError(error);
    }
  };

  return (
    <BindingCard
      kind="mobile"
      sectionId={sectionId}
      current={current}
      texts={{
        title: t('security_centre.mobile.title'),
        current: t('security_centre.mobile.current'),
        submit: t('security_centre.mobile.submit'),
      }}
      code={field('verificationCode')}
      onSendCode={sendCode}
      notice={sentCode.notice}
      formError={formError}
      isPending={bind.isPending}
      onSubmit={submit}
    >
      <TextField
        label={t(current === null ? 'security_centre.mobile.number' : 'security_centre.mobile.new_number')}
        {...field('mobileNum')}
        name="mobileNum"
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        maxLength={15}
        leading={
          <CountryCodeSelect
            countries={countries}
            value={values.countryCode}
            onChange={edit('countryCode', 'mobileNum')}
            testId="security-mobile-country"
          />
        }
        testId="security-mobile-number"
      />
    </BindingCard>
  );
}

type EmailValues = { email: string; verificationCode: string };

/** Binds or changes the email address: a code mailed to the new address, then that code. */
export function EmailBinding({ current, sectionId }: BindingProps) {
  const { t } = useTranslation();
  const dialogs = useDialogs();
  const bind = useBindEmail();
  const sentCode = useSentCode();
  const { form, values, field, formError, showRuleErrors, showApiError } = useSiteForm<EmailValues>({
    defaultValues: { email: '', verificationCode: '' },
    translateRule: translateSecurityRule,
    fieldOfCode: { VERIFICATION_CODE_INVALID: 'verificationCode' },
  });
  const email = values.email.trim();

  const checkEmail = (): RuleMessage | null => {
    if (email === '') return { key: 'input_not_empty' };
    return emailPattern.test(email) && email.length <= emailMaxLength
      ? null
      : { key: 'email_format_invalid' };
  };

  const sendCode = async (): Promise<number | null> => {
    const problem = checkEmail();
    if (problem !== null) {
      showRuleErrors({ email: problem });
      return null;
    }
    try {
      return sentCode.markSent(email, await sendEmailBindingCode({ email }));
    } catch (error) {
      showApiError(error);
      return null;
    }
  };

  const submit = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (bind.isPending) return;
    const found: FieldErrors = {};
    const emailProblem = checkEmail();
    if (emailProblem !== null) found.email = emailProblem;
    const codeProblem = checkCode(values.verificationCode, sentCode.sentTo, email);
    if (codeProblem !== null) found.verificationCode = codeProblem;
    if (showRuleErrors(found)) return;
    try {
      await bind.mutateAsync({ email, verificationCode: values.verificationCode });
      form.reset({ email: '', verificationCode: '' });
      sentCode.clear();
      dialogs.toast(t('security_centre.email.bound'));
    } catch (error) {
      showApiError(error);
    }
  };

  return (
    <BindingCard
      kind="email"
      sectionId={sectionId}
      current={current}
      texts={{
        title: t('security_centre.email.title'),
        current: t('security_centre.email.current'),
        submit: t('security_centre.email.submit'),
      }}
      code={field('verificationCode')}
      onSendCode={sendCode}
      notice={sentCode.notice}
      formError={formError}
      isPending={bind.isPending}
      onSubmit={submit}
    >
      <TextField
        label={t(current === null ? 'security_centre.email.address' : 'security_centre.email.new_address')}
        {...field('email')}
        name="email"
        type="email"
        inputMode="email"
        autoComplete="email"
        autoCapitalize="off"
        maxLength={emailMaxLength}
        testId="security-email-address"
      />
    </BindingCard>
  );
}
