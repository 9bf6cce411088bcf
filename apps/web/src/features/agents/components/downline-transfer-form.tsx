import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toMinorUnits } from '@wps/contracts/money';
import { useId, useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useDialogs } from '../../../components/dialog-provider';
import { FormError, PasswordField, TextField } from '../../../components/form-field';
import { formatAmount } from '../../../lib/format-amount';
import { useFormMessages } from '../../../lib/use-form-messages';
import { useRequestId } from '../../../lib/use-request-id';
import { refreshWalletQueries } from '../../wallet/api/query-keys';
import { transferToDownline } from '../../wallet/api/transfer-member';
import { agentQueryKeys } from '../api/agent-query-keys';

const fields = ['amount', 'paymentPassword'] as const;
type Rule = 'amount_required' | 'amount_invalid' | 'password_required' | 'password_invalid';

const checkAmount = (value: string): Rule | null => {
  if (value.trim() === '') return 'amount_required';
  try {
    toMinorUnits(value.trim(), 2);
    return null;
  } catch {
    return 'amount_invalid';
  }
};

/**
 * Money from the agent's main wallet to one downline member, through the wallet's transfer (payment password;
 * one requestId per submit, kept when the same submit is sent again, so a retry never pays twice).
 */
export function DownlineTransferForm({ account, onDone }: { account: string; onDone?: () => void }) {
  const { t } = useTranslation();
  const dialogs = useDialogs();
  const queryClient = useQueryClient();
  const titleId = useId();
  const [amount, setAmount] = useState('');
  const [paymentPassword, setPaymentPassword] = useState('');
  const messages = useFormMessages<(typeof fields)[number], Rule>(fields, {
    translateRule: (translate, message) => translate(`wallet.validation.${message.rule}`),
    fieldOfCode: {
      INSUFFICIENT_FUNDS: 'amount',
      AMOUNT_BELOW_MINIMUM: 'amount',
      AMOUNT_ABOVE_MAXIMUM: 'amount',
      PAYMENT_PASSWORD_WRONG: 'paymentPassword',
    },
  });
  const { requestIdFor, settle } = useRequestId();
  const transfer = useMutation({ mutationFn: transferToDownline });

  const submit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (transfer.isPending) return;
    const hasProblems = messages.showRules({
      amount: checkAmount(amount),
      paymentPassword:
        paymentPassword === ''
          ? 'password_required'
          : /^\d{6}$/.test(paymentPassword)
            ? null
            : 'password_invalid',
    });
    if (hasProblems) return;
    const body = { username: account, amount: amount.trim(), paymentPassword };
    transfer.mutate(
      { ...body, requestId: requestIdFor(body) },
      {
        onSuccess: (result) => {
          settle();
          setAmount('');
          setPaymentPassword('');
          void refreshWalletQueries(queryClient);
          void queryClient.invalidateQueries({ queryKey: agentQueryKeys.downlines });
          dialogs.toast(
            t('wallet.transfer.done', { amount: formatAmount(result.amount), recipient: result.recipient }),
          );
          onDone?.();
        },
        onError: messages.showApiError,
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
          value={amount}
          inputMode="decimal"
          autoComplete="off"
          onValueChange={(value) => {
            setAmount(value);
            messages.clear('amount');
          }}
          error={messages.errorOf('amount')}
          testId="downline-transfer-amount"
        />
        <PasswordField
          label={t('wallet.common.payment_password')}
          value={paymentPassword}
          inputMode="numeric"
          autoComplete="off"
          maxLength={6}
          onValueChange={(value) => {
            setPaymentPassword(value);
            messages.clear('paymentPassword');
          }}
          error={messages.errorOf('paymentPassword')}
          testId="downline-transfer-password"
        />
        <FormError message={messages.formError} />
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
