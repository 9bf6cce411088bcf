import { useQueryClient } from '@tanstack/react-query';
import { paymentPasswordPattern } from '@wps/contracts/wallet';
import { useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useDialogs } from '../../../components/dialog-provider';
import { FormError, PasswordField } from '../../../components/form-field';
import { memberQueryKeyPrefix } from '../../members/api/get-member-info';
import { paymentsQueryKeyPrefix } from '../api/query-keys';
import { setPaymentPassword } from '../api/set-payment-password';
import { useFormMessages, type PaymentMessage } from '../form-messages';

const passwordFields = [
  'loginPassword',
  'oldPaymentPassword',
  'newPaymentPassword',
  'confirmPaymentPassword',
] as const;
type PasswordFormField = (typeof passwordFields)[number];

type PaymentPasswordFormProps = {
  /** set: the first payment password (needs the login password); change: also the current one. */
  mode: 'set' | 'change';
  onDone?: () => void;
};

/** The six-digit payment password that confirms payout accounts and withdrawals. */
export function PaymentPasswordForm({ mode, onDone }: PaymentPasswordFormProps) {
  const { t } = useTranslation();
  const dialogs = useDialogs();
  const queryClient = useQueryClient();
  const [loginPassword, setLoginPassword] = useState('');
  const [oldPaymentPassword, setOldPaymentPassword] = useState('');
  const [newPaymentPassword, setNewPaymentPassword] = useState('');
  const [confirmPaymentPassword, setConfirmPaymentPassword] = useState('');
  const [isSending, setSending] = useState(false);
  const messages = useFormMessages<PasswordFormField>(passwordFields, {
    INVALID_CREDENTIALS: 'loginPassword',
    OLD_PASSWORD_WRONG: 'loginPassword',
    PAYMENT_PASSWORD_WRONG: 'oldPaymentPassword',
  });

  const edit = (field: PasswordFormField, setter: (value: string) => void) => (value: string) => {
    setter(value);
    messages.clear(field);
  };

  const submit = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSending) return;
    const found: Partial<Record<PasswordFormField, PaymentMessage>> = {};
    if (loginPassword === '') found.loginPassword = { rule: 'required' };
    if (mode === 'change' && !paymentPasswordPattern.test(oldPaymentPassword)) {
      found.oldPaymentPassword = { rule: 'payment_password_format' };
    }
    if (!paymentPasswordPattern.test(newPaymentPassword)) {
      found.newPaymentPassword = { rule: 'payment_password_format' };
    }
    if (confirmPaymentPassword !== newPaymentPassword)
      found.confirmPaymentPassword = { rule: 'confirm_mismatch' };
    messages.reset();
    if (Object.keys(found).length > 0) {
      messages.setErrors(found);
      return;
    }
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
      setLoginPassword('');
      setOldPaymentPassword('');
      setNewPaymentPassword('');
      setConfirmPaymentPassword('');
      onDone?.();
    } catch (error) {
      messages.showApiError(error);
    } finally {
      setSending(false);
    }
  };

  return (
    <section
      className="payments-card"
      aria-labelledby="payment-password-title"
      data-testid="payment-password-form"
    >
      <h3 id="payment-password-title">
        {t(mode === 'set' ? 'payments.password.set_title' : 'payments.password.change_title')}
      </h3>
      {mode === 'set' && <p className="notice">{t('payments.password.set_intro')}</p>}
      <form className="payments-form" noValidate onSubmit={(event) => void submit(event)}>
        <PasswordField
          label={t('payments.password.login_password')}
          value={loginPassword}
          onValueChange={edit('loginPassword', setLoginPassword)}
          error={messages.errorOf('loginPassword')}
          autoComplete="current-password"
          maxLength={128}
          testId="payment-password-login"
        />
        {mode === 'change' && (
          <PasswordField
            label={t('payments.password.old')}
            value={oldPaymentPassword}
            onValueChange={edit('oldPaymentPassword', setOldPaymentPassword)}
            error={messages.errorOf('oldPaymentPassword')}
            autoComplete="off"
            inputMode="numeric"
            maxLength={6}
            testId="payment-password-old"
          />
        )}
        <PasswordField
          label={t('payments.password.new')}
          value={newPaymentPassword}
          onValueChange={edit('newPaymentPassword', setNewPaymentPassword)}
          error={messages.errorOf('newPaymentPassword')}
          autoComplete="off"
          inputMode="numeric"
          maxLength={6}
          testId="payment-password-new"
        />
        <PasswordField
          label={t('payments.password.confirm')}
          value={confirmPaymentPassword}
          onValueChange={edit('confirmPaymentPassword', setConfirmPaymentPassword)}
          error={messages.errorOf('confirmPaymentPassword')}
          autoComplete="off"
          inputMode="numeric"
          maxLength={6}
          testId="payment-password-confirm"
        />
        <FormError message={messages.formError} />
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
