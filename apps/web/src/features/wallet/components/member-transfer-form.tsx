import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDialogs } from '../../../components/dialog-provider';
import { FormError, PasswordField, TextField } from '../../../components/form-field';
import { refreshWalletQueries } from '../api/query-keys';
import {
  transferToDownline,
  transferToUpline,
  type DownlineTransferBody,
  type TransferResult,
} from '../api/transfer-member';
import { checkAmountInput } from '../amount-input';
import { formatAmount } from '../../../lib/format-amount';
import { memberTransferFormSchema, translateWalletRule } from '../form-rules';
import { useRequestId } from '../../../lib/use-request-id';
import { checkSchema, useSiteForm } from '../../../lib/use-site-form';

type TransferKind = 'upline' | 'downline';

/**
 * A transfer from the member's main wallet, confirmed with the payment password: to their upline, or (agents)
 * to a member of their downline by username. Each new submit carries a new requestId; sending the same
 * request again after a failure keeps it, so the server never moves the money twice.
 */
export function MemberTransferForm({ kind }: { kind: TransferKind }) {
  const { t } = useTranslation();
  const dialogs = useDialogs();
  const queryClient = useQueryClient();
  const titleId = useId();
  const testId = `${kind}-transfer`;
  const { form, values, field, formError, formErrorCode, showRuleErrors, showApiError } = useSiteForm({
    defaultValues: { username: '', amount: '', paymentPassword: '' },
    translateRule: translateWalletRule,
    fieldOfCode: {
      NOT_IN_YOUR_LINE: 'username',
      ACCOUNT_NOT_FOUND: 'username',
      INSUFFICIENT_FUNDS: 'amount',
      AMOUNT_BELOW_MINIMUM: 'amount',
      AMOUNT_ABOVE_MAXIMUM: 'amount',
      PAYMENT_PASSWORD_WRONG: 'paymentPassword',
    },
    isFormErrorClearedOnEdit: true,
  });
  const { requestIdFor, settle } = useRequestId();
  const transfer = useMutation({
    mutationFn: ({ username: recipient, ...body }: DownlineTransferBody): Promise<TransferResult> =>
      kind === 'upline' ? transferToUpline(body) : transferToDownline({ ...body, username: recipient }),
  });

  const submit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (transfer.isPending) return;
    const found = checkSchema(memberTransferFormSchema(kind), values);
    const amountProblem = checkAmountInput(values.amount);
    if (amountProblem !== null) found.amount = { key: amountProblem };
    if (showRuleErrors(found)) return;
    const body = {
      username: values.username.trim(),
      amount: values.amount.trim(),
      paymentPassword: values.paymentPassword,
    };
    transfer.mutate(
      { ...body, requestId: requestIdFor(body) },
      {
        onSuccess: (result) => {
          settle();
          form.reset();
          void refreshWalletQueries(queryClient);
          dialogs.toast(
            t('wallet.transfer.done', { amount: formatAmount(result.amount), recipient: result.recipient }),
          );
        },
        onError: showApiError,
      },
    );
  };

  return (
    <form
      className="wallet-form"
      aria-labelledby={titleId}
      noValidate
      data-testid={`${testId}-form`}
      onSubmit={submit}
    >
      <h3 id={titleId} className="wallet-form__title">
        {t(kind === 'upline' ? 'wallet.upline.form_title' : 'wallet.downline.title')}
      </h3>
      <fieldset className="wallet-form__fields" disabled={transfer.isPending}>
        {kind === 'downline' && (
          <TextField
            label={t('wallet.downline.username')}
            {...field('username')}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            testId={`${testId}-username`}
          />
        )}
        <TextField
          label={t('wallet.common.amount')}
          {...field('amount')}
          inputMode="decimal"
          autoComplete="off"
          testId={`${testId}-amount`}
        />
        <PasswordField
          label={t('wallet.common.payment_password')}
          {...field('paymentPassword')}
          inputMode="numeric"
          autoComplete="off"
          maxLength={6}
          testId={`${testId}-password`}
        />
        <FormError message={formError} />
        {formErrorCode === 'PAYMENT_PASSWORD_REQUIRED' && (
          <Link to="/member?page=securityCenter" className="text-link">
            {t('wallet.common.set_payment_password')}
          </Link>
        )}
        <button
          type="submit"
          className="button button--primary"
          aria-busy={transfer.isPending}
          data-testid={`${testId}-submit`}
        >
          {t(transfer.isPending ? 'wallet.common.sending' : 'wallet.transfer.submit')}
        </button>
      </fieldset>
    </form>
  );
}
