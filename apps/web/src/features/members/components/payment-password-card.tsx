import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FieldErrors } from '@wps/contracts/validation-rules';
import { useId, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useDialogs } from '../../../components/dialog-provider';
import { FormError, PasswordField } from '../../../components/form-field';
import { useSiteForm } from '../../../lib/use-site-form';
import { paymentsQueryKeyPrefix } from '../../payments/api/query-keys';
import { setPaymentPassword } from '../../payments/api/set-payment-password';
import { memberQueryKeyPrefix } from '../api/get-member-info';
import { translateSecurityRule } from '../form-messages';

/** Six digits, as the withdrawal and points screens ask for (member-account.ts, paymentPasswordPattern). */
const paymentPasswordPattern = /^\d{6}$/;

type PaymentPasswordValues = {
  loginPassword: string;
  oldPaymentPassword: string;
  newPaymentPassword: string;
  confirmPaymentPassword: string;
};

type PaymentPasswordCardProps = {
  /** A payment password is set: changing it also asks for the current one. */
  isSet: boolean;
  /** The section's id, for the security level's "set payment password". */
  sectionId: string;
};

/**
 * Sets the first payment password or changes it, through the withdrawal page's route (PUT
 * /member/payment-password): the login password always, the current payment password when one is set.
 */
export function PaymentPasswordCard({ isSet, sectionId }: PaymentPasswordCardProps) {
  const { t } = useTranslation();
  const dialogs = useDialogs();
  const titleId = useId();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: setPaymentPassword,
    // The route answers nothing: the member's queries (the account and its security level, the member info and
    // icon) and the withdrawal pages' (which ask whether one is set) load again, as the withdrawal form's do.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: memberQueryKeyPrefix }),
        queryClient.invalidateQueries({ queryKey: paymentsQueryKeyPrefix }),
      ]),
  });
  const { form, values, field, formError, showRuleErrors, showApiError } = useSiteForm<PaymentPasswordValues>(
    {
      defaultValues: {
        loginPassword: '',
        oldPaymentPassword: '',
        newPaymentPassword: '',
        confirmPaymentPassword: '',
      },
      translateRule: translateSecurityRule,
      fieldOfCode: {
        INVALID_CREDENTIALS: 'loginPassword',
        OLD_PASSWORD_WRONG: 'loginPassword',
        PAYMENT_PASSWORD_WRONG: 'oldPaymentPassword',
      },
      isFormErrorClearedOnEdit: true,
    },
  );

  const validate = (): FieldErrors => {
    const found: FieldErrors = {};
    const { loginPassword, oldPaymentPassword, newPaymentPassword, confirmPaymentPassword } = values;
    if (loginPassword === '') found.loginPassword = { key: 'input_not_empty' };
    if (isSet) {
      if (oldPaymentPassword === '') found.oldPaymentPassword = { key: 'input_not_empty' };
      else if (!paymentPasswordPattern.test(oldPaymentPassword))
        found.oldPaymentPassword = { key: 'payment_password_format' };
    }
    if (!paymentPasswordPattern.test(newPaymentPassword))
      found.newPaymentPassword = { key: 'payment_password_format' };
    if (confirmPaymentPassword === '') found.confirmPaymentPassword = { key: 'input_not_empty' };
    else if (confirmPaymentPassword !== newPaymentPassword)
      found.confirmPaymentPassword = { key: 'checkPass' };
    return found;
  };

  const submit = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (save.isPending) return;
    if (showRuleErrors(validate())) return;
    const { loginPassword, oldPaymentPassword, newPaymentPassword } = values;
    try {
      // Sent as the withdrawal page's form sends it: the route takes a plain body.
      await save.mutateAsync({
        loginPassword,
        newPaymentPassword,
        ...(isSet && { oldPaymentPassword }),
      });
      form.reset();
      dialogs.toast(
        t(
          isSet
            ? 'security_centre.payment_password.change_done'
            : 'security_centre.payment_password.set_done',
        ),
      );
    } catch (error) {
      showApiError(error);
    }
  };

  return (
    <section
      id={sectionId}
      className="security-card"
      aria-labelledby={titleId}
      data-testid="security-payment-password"
      data-mode={isSet ? 'change' : 'set'}
    >
      <h3 id={titleId}>
        {t(
          isSet
            ? 'security_centre.payment_password.change_title'
            : 'security_centre.payment_password.set_title',
        )}
      </h3>
      <p className="security-hint">{t('security_centre.payment_password.intro')}</p>
      <form className="security-form" noValidate onSubmit={(event) => void submit(event)}>
        <PasswordField
          label={t('payments.password.login_password')}
          {...field('loginPassword')}
          name="loginPassword"
          autoComplete="current-password"
          maxLength={128}
          testId="account-payment-password-login"
        />
        {isSet && (
          <PasswordField
            label={t('payments.password.old')}
            {...field('oldPaymentPassword')}
            name="oldPaymentPassword"
            autoComplete="off"
            inputMode="numeric"
            maxLength={6}
            testId="account-payment-password-old"
          />
        )}
        <PasswordField
          label={t('security_centre.payment_password.new')}
          {...field('newPaymentPassword')}
          autoComplete="off"
          inputMode="numeric"
          maxLength={6}
          testId="account-payment-password-new"
        />
        <PasswordField
          label={t('security_centre.payment_password.confirm')}
          {...field('confirmPaymentPassword')}
          autoComplete="off"
          inputMode="numeric"
          maxLength={6}
          testId="account-payment-password-confirm"
        />
        <FormError message={formError} />
        <button
          type="submit"
          className="button button--primary"
          disabled={save.isPending}
          aria-busy={save.isPending}
          data-testid="account-payment-password-submit"
        >
          {t('security_centre.payment_password.submit')}
        </button>
      </form>
    </section>
  );
}
