import { useQueryClient } from '@tanstack/react-query';
import { payoutMethods, type PayoutAccount } from '@wps/contracts/payments';
import { useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useDialogs } from '../../../components/dialog-provider';
import { EmptyState } from '../../../components/empty-state';
import { FormError, PasswordField, TextField } from '../../../components/form-field';
import { translateApiError } from '../../../lib/translate-message';
import { checkSchema, useSiteForm } from '../../../lib/use-site-form';
import { createPayoutAccount } from '../api/create-payout-account';
import { deletePayoutAccount } from '../api/delete-payout-account';
import { getPayoutAccountsQueryOptions, usePayoutAccounts } from '../api/get-payout-accounts';
import { translatePaymentRule } from '../form-messages';
import { payoutAccountFormSchema } from '../form-schemas';
import { SelectField } from '../../../components/select-field';

type PayoutMethod = (typeof payoutMethods)[number];
const isPayoutMethod = (value: string): value is PayoutMethod =>
  payoutMethods.some((method) => method === value);

type PayoutAccountValues = {
  method: PayoutMethod;
  providerName: string;
  accountNumber: string;
  holderName: string;
  paymentPassword: string;
};

/** The bank and e-wallet accounts withdrawals are paid to; numbers come masked from the server. */
export function PayoutAccounts({ canAdd }: { canAdd: boolean }) {
  const { t } = useTranslation();
  const dialogs = useDialogs();
  const queryClient = useQueryClient();
  const { data, error, refetch } = usePayoutAccounts();
  const [isAdding, setAdding] = useState(false);

  const remove = async (account: PayoutAccount) => {
    const isConfirmed = await dialogs.confirm({
      message: t('payments.payout.remove_confirm', {
        provider: account.providerName,
        number: account.accountNumber,
      }),
      confirmLabel: t('payments.payout.remove'),
    });
    if (!isConfirmed) return;
    try {
      await deletePayoutAccount(account.id);
      await queryClient.invalidateQueries({ queryKey: getPayoutAccountsQueryOptions().queryKey });
      dialogs.toast(t('payments.payout.removed'));
    } catch (failure) {
      await dialogs.alert({ message: translateApiError(t, failure) });
    }
  };

  return (
    <section className="payments-card" aria-labelledby="payout-accounts-title" data-testid="payout-accounts">
      <h3 id="payout-accounts-title">{t('payments.payout.title')}</h3>
      {data === undefined && error === null && <p className="muted">{t('common.loading')}</p>}
      {data === undefined && error !== null && (
        <p className="form-error" role="alert">
          {translateApiError(t, error)}{' '}
          <button type="button" className="text-link link-button" onClick={() => void refetch()}>
            {t('common.retry')}
          </button>
        </p>
      )}
      {data?.list.length === 0 && <EmptyState message={t('payments.payout.empty')} />}
      {data !== undefined && data.list.length > 0 && (
        <ul className="payments-list">
          {data.list.map((account) => (
            <li key={account.id} className="payments-list__item" data-testid={`payout-account-${account.id}`}>
              <div className="payments-list__head">
                <span dir="auto">{account.providerName}</span>
                <span className="muted">{t(`payments.payout.method_${account.method}`)}</span>
              </div>
              <div className="payments-list__body">
                <bdi className="payments-account-number">{account.accountNumber}</bdi>
                <span dir="auto">{account.holderName}</span>
                <button
                  type="button"
                  className="text-link link-button"
                  aria-label={t('payments.payout.remove_label', {
                    provider: account.providerName,
                    number: account.accountNumber,
                  })}
                  data-testid={`payout-account-remove-${account.id}`}
                  onClick={() => void remove(account)}
                >
                  {t('payments.payout.remove')}
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {data !== undefined && canAdd && !isAdding && (
        <button
          type="button"
          className="button button--ghost"
          data-testid="payout-add-open"
          onClick={() => {
            setAdding(true);
          }}
        >
          {t('payments.payout.add')}
        </button>
      )}
      {data !== undefined && canAdd && isAdding && (
        <PayoutAccountForm
          realName={data.realName}
          onClose={() => {
            setAdding(false);
          }}
        />
      )}
    </section>
  );
}

function PayoutAccountForm({ realName, onClose }: { realName: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const dialogs = useDialogs();
  const queryClient = useQueryClient();
  const [isSending, setSending] = useState(false);
  const { form, values, edit, field, errorOf, formError, showRuleErrors, showApiError } =
    useSiteForm<PayoutAccountValues>({
      defaultValues: {
        method: 'bank',
        providerName: '',
        accountNumber: '',
        holderName: realName ?? '',
        paymentPassword: '',
      },
      translateRule: translatePaymentRule,
      fieldOfCode: {
        PAYOUT_NAME_MISMATCH: 'holderName',
        PAYOUT_ACCOUNT_EXISTS: 'accountNumber',
        PAYMENT_PASSWORD_WRONG: 'paymentPassword',
        PAYMENT_PASSWORD_REQUIRED: 'paymentPassword',
      },
      isFormErrorClearedOnEdit: true,
    });
  const { method } = values;
  const editMethod = edit('method');

  const submit = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSending) return;
    if (showRuleErrors(checkSchema(payoutAccountFormSchema, values))) return;
    setSending(true);
    try {
      await createPayoutAccount({
        method,
        providerName: values.providerName.trim(),
        accountNumber: values.accountNumber.trim(),
        holderName: values.holderName.trim(),
        paymentPassword: values.paymentPassword,
      });
      await queryClient.invalidateQueries({ queryKey: getPayoutAccountsQueryOptions().queryKey });
      dialogs.toast(t('payments.payout.added'));
      onClose();
    } catch (error) {
      form.setValue('paymentPassword', '');
      showApiError(error);
    } finally {
      setSending(false);
    }
  };

  return (
    <form
      className="payments-form payments-subform"
      noValidate
      onSubmit={(event) => void submit(event)}
      data-testid="payout-form"
    >
      <h4>{t('payments.payout.add')}</h4>
      <SelectField
        label={t('payments.payout.method')}
        value={method}
        options={payoutMethods.map((value) => ({ value, label: t(`payments.payout.method_${value}`) }))}
        onValueChange={(value) => {
          if (isPayoutMethod(value)) editMethod(value);
        }}
        error={errorOf('method')}
        testId="payout-method"
      />
      <TextField
        label={t(method === 'bank' ? 'payments.payout.provider_bank' : 'payments.payout.provider_ewallet')}
        {...field('providerName')}
        autoComplete="off"
        maxLength={64}
        testId="payout-provider"
      />
      <TextField
        label={t('payments.payout.account_number')}
        {...field('accountNumber')}
        autoComplete="off"
        maxLength={34}
        testId="payout-number"
      />
      <TextField
        label={t('payments.payout.holder_name')}
        {...field('holderName')}
        autoComplete="name"
        maxLength={64}
        testId="payout-holder"
      />
      <p className="payments-hint" data-testid="payout-holder-hint">
        {realName !== null
          ? t('payments.payout.holder_hint_known', { name: realName })
          : t('payments.payout.holder_hint_new')}
      </p>
      <PasswordField
        label={t('payments.payment_password')}
        {...field('paymentPassword')}
        autoComplete="off"
        inputMode="numeric"
        maxLength={6}
        testId="payout-password"
      />
      <FormError message={formError} />
      <div className="payments-actions">
        <button type="button" className="button button--ghost" onClick={onClose}>
          {t('dialog.cancel')}
        </button>
        <button
          type="submit"
          className="button button--primary"
          disabled={isSending}
          aria-busy={isSending}
          data-testid="payout-submit"
        >
          {isSending ? t('payments.sending') : t('payments.payout.save')}
        </button>
      </div>
    </form>
  );
}
