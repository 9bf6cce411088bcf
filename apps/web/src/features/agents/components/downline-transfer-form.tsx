import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useDialogs } from '../../../components/dialog-provider';
import { FormError, PasswordField, TextField } from '../../../components/form-field';
import { formatAmount } from '../../../lib/format-amount';
import { useRequestId } from '../../../lib/use-request-id';
import { checkSchema, useSiteForm } from '../../../lib/use-site-form';
import { refreshWalletQueries } from '../../wallet/api/query-keys';
import { transferToDownline } from '../../wallet/api/transfer-member';
import { agentQueryKeys } from '../api/agent-query-keys';
import { downlineTransferFormSchema, translateTransferRule } from '../form-rules';

/**
 * Money from the agent's main wallet to one downline member, through the wallet's transfer (payment password;
 * one requestId per submit, kept when the same submit is sent again, so a retry never pays twice).
 */
export function DownlineTransferForm({ account, onDone }: { account: string; onDone?: () => void }) {
  const { t } = useTranslation();
  const dialogs = useDialogs();
  const queryClient = useQueryClient();
  const titleId = useId();
  const { form, values, field, formError, showRuleErrors, showApiError } = useSiteForm({
    defaultValues: { amount: '', paymentPassword: '' },
    translateRule: translateTransferRule,
    fieldOfCode: {
      INSUFFICIENT_FUNDS: 'amount',
      AMOUNT_BELOW_MINIMUM: 'amount',
      AMOUNT_ABOVE_MAXIMUM: 'amount',
      PAYMENT_PASSWORD_WRONG: 'paymentPassword',
    },
    isFormErrorClearedOnEdit: true,
  });
  const { requestIdFor, settle } = useRequestId();
  const transfer = useMutation({ mutationFn: transferToDownline });

  const submit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (transfer.isPending) return;
    if (showRuleErrors(checkSchema(downlineTransferFormSchema, values))) return;
    const body = { username: account, amount: values.amount.trim(), paymentPassword: values.paymentPassword };
    transfer.mutate(
      { ...body, requestId: requestIdFor(body) },
      {
        onSuccess: (result) => {
          settle();
          form.reset();
          void refreshWalletQueries(queryClient);
          void queryClient.invalidateQueries({ queryKey: agentQueryKeys.downlines });
          dialogs.toast(
            t('wallet.transfer.done', { amount: formatAmount(result.amount), recipient: result.recipient }),
          );
          onDone?.();
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
      data-testid="downline-transfer-form"
      onSubmit={submit}
    >
      <p id={titleId}>{t('agents.downlines.transfer_to', { account })}</p>
      <fieldset className="wallet-form__fields" disabled={transfer.isPending}>
        <TextField
          label={t('wallet.common.amount')}
          {...field('amount')}
          inputMode="decimal"
          autoComplete="off"
          testId="downline-transfer-amount"
        />
        <PasswordField
          label={t('wallet.common.payment_password')}
          {...field('paymentPassword')}
          inputMode="numeric"
          autoComplete="off"
          maxLength={6}
          testId="downline-transfer-password"
        />
        <FormError message={formError} />
        <button
          type="submit"
          className="button button--primary"
          aria-busy={transfer.isPending}
          data-testid="downline-transfer-submit"
        >
          {t(transfer.isPending ? 'wallet.common.sending' : 'wallet.transfer.submit')}
        </button>
      </fieldset>
    </form>
  );
}
