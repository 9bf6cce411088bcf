import { useQueryClient } from '@tanstack/react-query';
import type { Withdrawal } from '@wps/contracts/payments';
import type { FieldErrors as RuleErrors } from '@wps/contracts/validation-rules';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDialogs } from '../../../components/dialog-provider';
import { FormError, TextField } from '../../../components/form-field';
import { checkSchema, useSiteForm } from '../../../lib/use-site-form';
import { checkAmount } from '../amount';
import { confirmWithdrawal, type ConfirmWithdrawalBody } from '../api/confirm-withdrawal';
import { paymentsQueryKeyPrefix, walletQueryKeyPrefix } from '../api/query-keys';
import { uploadProof } from '../api/upload-proof';
import { paymentRuleError, translatePaymentRule } from '../form-messages';
import { withdrawalNotReceivedFormSchema } from '../form-schemas';
import { ProofField } from './proof-field';

/** The proof image sits under the name the server gives its upload, so its messages land beside it. */
type ConfirmationValues = { receivedAmount: string; proofUploadId: File | null };
type Outcome = ConfirmWithdrawalBody['outcome'];

/**
 * The player's answer to an approved withdrawal (spec section 4): received (all, or the part that arrived),
 * not received (with a proof image), or fully paid.
 */
export function WithdrawalConfirmation({ withdrawal }: { withdrawal: Withdrawal }) {
  const { t } = useTranslation();
  const dialogs = useDialogs();
  const queryClient = useQueryClient();
  const { id, currency } = withdrawal;
  const [sending, setSending] = useState<Outcome | null>(null);
  const uploaded = useRef<{ file: File; id: string } | null>(null);
  const { values, field, edit, errorOf, formError, showRuleErrors, showCode, showApiError, clearErrors } =
    useSiteForm<ConfirmationValues>({
      defaultValues: { receivedAmount: '', proofUploadId: null },
      translateRule: translatePaymentRule,
      fieldOfCode: {
        AMOUNT_ABOVE_MAXIMUM: 'receivedAmount',
        AMOUNT_BELOW_MINIMUM: 'receivedAmount',
        UPLOAD_INVALID_TYPE: 'proofUploadId',
        UPLOAD_TOO_LARGE: 'proofUploadId',
      },
      isFormErrorClearedOnEdit: true,
    });
  const { proofUploadId: proof } = values;

  const send = async (outcome: Outcome) => {
    if (sending !== null) return;
    const partial = values.receivedAmount.trim();
    const found: RuleErrors = {};
    if (outcome === 'received' && partial !== '') {
      const problem = checkAmount(partial, { max: withdrawal.amount, currency });
      if (problem !== null) found.receivedAmount = paymentRuleError(problem);
    }
    if (outcome === 'not_received')
      Object.assign(found, checkSchema(withdrawalNotReceivedFormSchema, values));
    if (showRuleErrors(found)) return;
    setSending(outcome);
    try {
      let body: ConfirmWithdrawalBody = { outcome };
      if (outcome === 'received' && partial !== '') body = { outcome, receivedAmount: partial };
      if (outcome === 'not_received' && proof !== null) {
        if (uploaded.current?.file !== proof) {
          uploaded.current = { file: proof, id: await uploadProof(proof, 'withdrawal_proof') };
        }
        body = { outcome, proofUploadId: uploaded.current.id };
      }
      await confirmWithdrawal(id, body);
      void queryClient.invalidateQueries({ queryKey: paymentsQueryKeyPrefix });
      void queryClient.invalidateQueries({ queryKey: walletQueryKeyPrefix });
      dialogs.toast(t('payments.confirmation.sent'));
    } catch (error) {
      showApiError(error);
      // Someone else (the deadline, another tab) may have closed it: show what is true now.
      void queryClient.invalidateQueries({ queryKey: paymentsQueryKeyPrefix });
    } finally {
      setSending(null);
    }
  };

  const isBusy = sending !== null;
  return (
    <div className="payments-confirmation__actions" data-testid={`withdrawal-confirm-${id}`}>
      <div className="payments-confirmation__option">
        <TextField
          label={t('payments.confirmation.received_amount_input')}
          {...field('receivedAmount')}
          placeholder={withdrawal.amount}
          inputMode="decimal"
          autoComplete="off"
          maxLength={20}
          testId={`withdrawal-received-amount-${id}`}
        />
        <button
          type="button"
          className="button button--primary"
          disabled={isBusy}
          aria-busy={sending === 'received'}
          data-testid={`withdrawal-received-button-${id}`}
          onClick={() => void send('received')}
        >
          {t('payments.confirmation.received')}
        </button>
      </div>
      <div className="payments-confirmation__option">
        <ProofField
          label={t('payments.confirmation.proof')}
          file={proof}
          onFileChange={edit('proofUploadId')}
          onRefused={({ code }) => {
            // In place of every field's message, as a rule found before sending would be.
            clearErrors();
            showCode('proofUploadId', code);
          }}
          error={errorOf('proofUploadId')}
          testId={`withdrawal-proof-${id}`}
        />
        <button
          type="button"
          className="button button--ghost"
          disabled={isBusy}
          aria-busy={sending === 'not_received'}
          data-testid={`withdrawal-not-received-button-${id}`}
          onClick={() => void send('not_received')}
        >
          {t('payments.confirmation.not_received')}
        </button>
      </div>
      <div className="payments-confirmation__option">
        <button
          type="button"
          className="button button--ghost"
          disabled={isBusy}
          aria-busy={sending === 'fully_paid'}
          data-testid={`withdrawal-fully-paid-button-${id}`}
          onClick={() => void send('fully_paid')}
        >
          {t('payments.confirmation.fully_paid')}
        </button>
      </div>
      <FormError message={formError} />
    </div>
  );
}
