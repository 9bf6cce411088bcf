import { useQueryClient } from '@tanstack/react-query';
import { useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useDialogs } from '../../../components/dialog-provider';
import { FormError, PasswordField, TextField } from '../../../components/form-field';
import { isApiError } from '../../../lib/api-client';
import { checkAmount, isPositiveAmount } from '../amount';
import { createWithdrawal, type CreateWithdrawalBody } from '../api/create-withdrawal';
import { usePayoutAccounts } from '../api/get-payout-accounts';
import type { WithdrawalOverview } from '../api/get-withdrawal-overview';
import { paymentsQueryKeyPrefix, walletQueryKeyPrefix } from '../api/query-keys';
import { paymentRuleError, translatePaymentRule } from '../form-messages';
import { withdrawalRequestFormSchema } from '../form-schemas';
import { useRequestId } from '../../../lib/use-request-id';
import { checkSchema, useSiteForm } from '../../../lib/use-site-form';
import { SelectField } from '../../../components/select-field';

type WithdrawalRequestValues = { payoutAccountId: string; amount: string; paymentPassword: string };

/** Ask for a withdrawal: the amount is held at once and paid to the chosen account once approved. */
export function WithdrawalRequestForm({ overview }: { overview: WithdrawalOverview }) {
  const { t } = useTranslation();
  const dialogs = useDialogs();
  const queryClient = useQueryClient();
  const accounts = usePayoutAccounts().data?.list;
  const [isSending, setSending] = useState(false);
  const { form, values, edit, field, errorOf, formError, showRuleErrors, showApiError } =
    useSiteForm<WithdrawalRequestValues>({
      defaultValues: { payoutAccountId: '', amount: '', paymentPassword: '' },
      translateRule: translatePaymentRule,
      fieldOfCode: {
        AMOUNT_BELOW_MINIMUM: 'amount',
        AMOUNT_ABOVE_MAXIMUM: 'amount',
        INSUFFICIENT_FUNDS: 'amount',
        PAYMENT_PASSWORD_WRONG: 'paymentPassword',
        PAYMENT_PASSWORD_REQUIRED: 'paymentPassword',
      },
      isFormErrorClearedOnEdit: true,
    });
  const { amount, paymentPassword } = values;
  const { requestIdFor, settle } = useRequestId();
  // The first account until the player picks one (and again when the picked one is removed).
  const payoutAccountId = accounts?.some((account) => account.id === values.payoutAccountId)
    ? values.payoutAccountId
    : (accounts?.[0]?.id ?? '');
  const isTurnoverOpen = isPositiveAmount(overview.turnoverRemaining);
  const { activeBonus } = overview;

  /** Withdrawing forfeits an active bonus: the member says so in a warning first, or nothing is sent. */
  const confirmForfeit = (): Promise<boolean> =>
    dialogs.confirm({
      title: t('payments.withdraw.forfeit.title'),
      message:
        activeBonus === null
          ? t('payments.withdraw.forfeit.message_unknown')
          : t('payments.withdraw.forfeit.message', {
              amount: activeBonus.balance,
              currency: overview.currency,
              title: activeBonus.title,
            }),
      confirmLabel: t('payments.withdraw.forfeit.confirm'),
      cancelLabel: t('payments.withdraw.forfeit.cancel'),
    });

  const send = async (isForfeitConfirmed: boolean): Promise<void> => {
    const body: Omit<CreateWithdrawalBody, 'requestId'> = {
      payoutAccountId,
      amount: amount.trim(),
      paymentPassword,
      ...(isForfeitConfirmed && { forfeitBonus: true }),
    };
    try {
      await createWithdrawal({ ...body, requestId: requestIdFor(body) });
    } catch (error) {
      // The page did not know of the bonus (it arrived since): warn now, and send again once confirmed.
      if (!isForfeitConfirmed && isApiError(error) && error.code === 'BONUS_FORFEIT_REQUIRED') {
        if (await confirmForfeit()) await send(true);
        return;
      }
      throw error;
    }
    settle();
    form.setValue('amount', '');
    form.setValue('paymentPassword', '');
    void queryClient.invalidateQueries({ queryKey: walletQueryKeyPrefix });
    void queryClient.invalidateQueries({ queryKey: paymentsQueryKeyPrefix });
    dialogs.toast(t('payments.withdraw.submitted'));
  };

  const submit = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSending || isTurnoverOpen) return;
    const found = checkSchema(withdrawalRequestFormSchema, { ...values, payoutAccountId });
    const amountProblem = checkAmount(amount, {
      min: overview.minAmount,
      max: overview.maxAmount,
      balance: overview.balance,
      currency: overview.currency,
    });
    if (amountProblem !== null) found.amount = paymentRuleError(amountProblem);
    if (showRuleErrors(found)) return;
    setSending(true);
    try {
      const isForfeitConfirmed = activeBonus !== null && (await confirmForfeit());
      if (activeBonus !== null && !isForfeitConfirmed) return;
      await send(isForfeitConfirmed);
    } catch (error) {
      showApiError(error);
    } finally {
      setSending(false);
    }
  };

  return (
    <section
      className="payments-card"
      aria-labelledby="withdraw-request-title"
      data-testid="withdraw-request"
    >
      <h3 id="withdraw-request-title">{t('payments.withdraw.title')}</h3>
      {accounts?.length === 0 ? (
        <p className="notice">{t('payments.withdraw.no_account')}</p>
      ) : (
        <form className="payments-form" noValidate onSubmit={(event) => void submit(event)}>
          <SelectField
            label={t('payments.withdraw.account')}
            value={payoutAccountId}
            options={(accounts ?? []).map((account) => ({
              value: account.id,
              label: `${account.providerName} · ${account.accountNumber}`,
            }))}
            onValueChange={edit('payoutAccountId')}
            error={errorOf('payoutAccountId')}
            testId="withdraw-account"
          />
          <TextField
            label={t('payments.withdraw.amount')}
            {...field('amount')}
            inputMode="decimal"
            autoComplete="off"
            maxLength={20}
            testId="withdraw-amount"
          />
          <p className="payments-hint">
            {t('payments.withdraw.range', {
              min: overview.minAmount,
              max: overview.maxAmount,
              balance: overview.balance,
              currency: overview.currency,
            })}
          </p>
          <PasswordField
            label={t('payments.payment_password')}
            {...field('paymentPassword')}
            autoComplete="off"
            inputMode="numeric"
            maxLength={6}
            testId="withdraw-password"
          />
          {activeBonus !== null && (
            <p className="notice" role="note" data-testid="withdraw-bonus-notice">
              {t('payments.withdraw.forfeit.notice', {
                amount: activeBonus.balance,
                currency: overview.currency,
              })}
            </p>
          )}
          <FormError message={formError} />
          <button
            type="submit"
            className="button button--primary button--block"
            disabled={isSending || isTurnoverOpen}
            aria-busy={isSending}
            aria-describedby={isTurnoverOpen ? 'withdraw-turnover-block' : undefined}
            data-testid="withdraw-submit"
          >
            {isSending ? t('payments.sending') : t('payments.withdraw.submit')}
          </button>
        </form>
      )}
    </section>
  );
}
