import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useDialogs } from '../../../components/dialog-provider';
import { FormError, PasswordField } from '../../../components/form-field';
import { memberQueryKeyPrefix } from '../../members/api/get-member-info';
import { paymentsQueryKeyPrefix } from '../api/query-keys';
import { checkSchema, useSiteForm } from '../../../lib/use-site-form';
import { setPaymentPassword } from '../api/set-payment-password';
import { translatePaymentRule } from '../form-messages';
import { paymentPasswordFormSchema } from '../form-schemas';
import './payments.css';

type PaymentPasswordValues = {
  loginPassword: string;
  oldPaymentPassword: string;
  newPaymentPassword: string;
  confirmPaymentPassword: string;
};

type PaymentPasswordFormProps = {
  /** set: the first payment password (needs the login password); change: also the current one. */
  mode: 'set' | 'change';
  onDone?: () => void;
  /** The section's id, where a page links to it (the security centre's "set payment password"). */
  sectionId?: string;
};

/**
 * The six-digit payment password that confirms payout accounts and withdrawals, on the withdrawal page and in
 * the security centre.
 */
export function PaymentPasswordForm({ mode, onDone, sectionId }: PaymentPasswordFormProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const dialogs = useDialogs();
  const queryClient = useQueryClient();
  const [isSending, setSending] = useState(false);
  const { form, values, field, formError, showRuleErrors, showApiError } = useSiteForm<PaymentPasswordValues>(
    {
      defaultValues: {
        loginPassword: '',
        oldPaymentPassword: '',
        newPaymentPassword: '',
        confirmPaymentPassword: '',
      },
      translateRule: translatePaymentRule,
      fieldOfCode: {
        INVALID_CREDENTIALS: 'loginPassword',
        OLD_PASSWORD_WRONG: 'loginPassword',
        PAYMENT_PASSWORD_WRONG: 'oldPaymentPassword',
      },
      isFormErrorClearedOnEdit: true,
    },
  );

  const submit = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSending) return;
    if (showRuleErrors(checkSchema(paymentPasswordFormSchema(mode), values))) return;
    const { loginPassword, oldPaymentPassword, newPaymentPassword } = values;
    setSending(true);
    try {
      await setPaymentPassword({
        loginPassword,
        newPaymentPassword,
        ...(mode === 'change' && { oldPaymentPassword }),
      });
      void queryClient.invalidateQueries({ queryKey: paymentsQueryKeyPrefix });
      void queryClient.invalidateQueries({ queryKey: memberQueryKeyPrefix });
      dialogs.toast(t(mode === 'set' ? 'payments.password.set_done' : 'payments.password.change_done'));
      form.reset();
      onDone?.();
    } catch (error) {
      showApiError(error);
    } finally {
      setSending(false);
    }
  };

  return (
    <section
      id={sectionId}
      className="payments-card"
      aria-labelledby={titleId}
      data-testid="payment-password-form"
      data-mode={mode}
    >
      <h3 id={titleId}>
        {t(mode === 'set' ? 'payments.password.set_title' : 'payments.password.change_title')}
      </h3>
      {mode === 'set' && <p className="notice">{t('payments.password.set_intro')}</p>}
      <form className="payments-form" noValidate onSubmit={(event) => void submit(event)}>
        <PasswordField
          label={t('payments.password.login_password')}
          {...field('loginPassword')}
          name="loginPassword"
          autoComplete="current-password"
          maxLength={128}
          testId="payment-password-login"
        />
        {mode === 'change' && (
          <PasswordField
            label={t('payments.password.old')}
            {...field('oldPaymentPassword')}
            name="oldPaymentPassword"
            autoComplete="off"
            inputMode="numeric"
            maxLength={6}
            testId="payment-password-old"
          />
        )}
        <PasswordField
          label={t('payments.password.new')}
          {...field('newPaymentPassword')}
          name="newPaymentPassword"
          autoComplete="off"
          inputMode="numeric"
          maxLength={6}
          testId="payment-password-new"
        />
        <PasswordField
          label={t('payments.password.confirm')}
          {...field('confirmPaymentPassword')}
          name="confirmPaymentPassword"
          autoComplete="off"
          inputMode="numeric"
          maxLength={6}
          testId="payment-password-confirm"
        />
        <FormError message={formError} />
        <div className="payments-actions">
          {onDone !== undefined && (
            <button type="button" className="button button--ghost" onClick={onDone}>
              {t('dialog.cancel')}
            </button>
          )}
          <button
            type="submit"
            className="button button--primary"
            disabled={isSending}
            aria-busy={isSending}
            data-testid="payment-password-submit"
          >
            {isSending ? t('payments.sending') : t('payments.password.submit')}
          </button>
        </div>
      </form>
    </section>
  );
}
