import { useQueryClient } from '@tanstack/react-query';
import type { Deposit, DepositChannel } from '@wps/contracts/payments';
import type { FieldErrors as RuleErrors } from '@wps/contracts/validation-rules';
import { useEffect, useRef, useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useDialogs } from '../../../components/dialog-provider';
import { EmptyState } from '../../../components/empty-state';
import { FormError, TextField } from '../../../components/form-field';
import { isApiError } from '../../../lib/api-client';
import { translateApiError } from '../../../lib/translate-message';
import { checkAmount, quickAmounts } from '../amount';
import { createDeposit, type CreateDepositBody } from '../api/create-deposit';
import { getDepositChannelsQueryOptions, useDepositChannels } from '../api/get-deposit-channels';
import { getDepositsQueryOptions } from '../api/get-deposits';
import { walletQueryKeyPrefix } from '../api/query-keys';
import { uploadProof } from '../api/upload-proof';
import { paymentRuleError, translatePaymentRule } from '../form-messages';
import { openGateway } from '../open-gateway';
import { useRequestId } from '../../../lib/use-request-id';
import { useSiteForm } from '../../../lib/use-site-form';
import { CopyButton } from './copy-button';
import { Money } from '../../../components/money';
import { DepositBonusChoice } from './deposit-bonus-choice';
import { ProofField } from './proof-field';

/** The request's names; the slip is the file the upload's id (proofUploadId) stands for. */
type DepositValues = {
  channelCode: string;
  amount: string;
  playerReference: string;
  proofUploadId: File | null;
  /** The deposit bonus picked; empty: none. */
  promotionId: string;
};

const isManual = (channel: DepositChannel): boolean => channel.method !== 'gateway';

/** Channel cards, amount, and for manual channels the transfer instructions, reference and slip. */
export function DepositForm() {
  const { t } = useTranslation();
  const { data: channels, error, refetch } = useDepositChannels();
  const [submitted, setSubmitted] = useState<Deposit | null>(null);
  const [formKey, setFormKey] = useState(0);

  if (submitted !== null) {
    return (
      <section
        className="payments-card payments-status"
        aria-labelledby="deposit-pending-title"
        data-testid="deposit-pending"
      >
        <h3 id="deposit-pending-title">{t('payments.deposit.pending_title')}</h3>
        <p role="status">
          {t('payments.deposit.pending_text')} <Money amount={submitted.amount} symbol={submitted.currency} />
        </p>
        <button
          type="button"
          className="button button--primary"
          data-testid="deposit-new"
          onClick={() => {
            setSubmitted(null);
            setFormKey((key) => key + 1);
          }}
        >
          {t('payments.deposit.new')}
        </button>
      </section>
    );
  }

  return (
    <section className="payments-card" aria-labelledby="deposit-form-title">
      <h3 id="deposit-form-title">{t('payments.deposit.title')}</h3>
      {channels === undefined && error === null && <p className="muted">{t('common.loading')}</p>}
      {channels === undefined && error !== null && (
        <p className="form-error" role="alert">
          {translateApiError(t, error)}{' '}
          <button type="button" className="text-link link-button" onClick={() => void refetch()}>
            {t('common.retry')}
          </button>
        </p>
      )}
      {channels?.length === 0 && <EmptyState message={t('payments.deposit.no_channels')} />}
      {channels !== undefined && channels.length > 0 && (
        <DepositFormFields key={formKey} channels={channels} onSubmitted={setSubmitted} />
      )}
    </section>
  );
}

function DepositFormFields({
  channels,
  onSubmitted,
}: {
  channels: DepositChannel[];
  onSubmitted: (deposit: Deposit) => void;
}) {
  const { t } = useTranslation();
  const dialogs = useDialogs();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [isSending, setSending] = useState(false);
  // A slip uploaded by a failed submit is not uploaded again when the same file is sent again.
  const uploaded = useRef<{ file: File; id: string } | null>(null);
  const {
    form,
    values,
    edit,
    field,
    errorOf,
    formError,
    showRuleErrors,
    showCode,
    showFormError,
    showApiError,
    clearErrors,
  } = useSiteForm<DepositValues>({
    defaultValues: { channelCode: '', amount: '', playerReference: '', proofUploadId: null, promotionId: '' },
    translateRule: translatePaymentRule,
    fieldOfCode: {
      AMOUNT_BELOW_MINIMUM: 'amount',
      AMOUNT_ABOVE_MAXIMUM: 'amount',
      PROMOTION_NOT_ELIGIBLE: 'promotionId',
      PROMOTION_NOT_AVAILABLE: 'promotionId',
      BONUS_ALREADY_ACTIVE: 'promotionId',
      UPLOAD_INVALID_TYPE: 'proofUploadId',
      UPLOAD_TOO_LARGE: 'proofUploadId',
      CHANNEL_UNAVAILABLE: 'channelCode',
    },
    isFormErrorClearedOnEdit: true,
  });
  const { amount, playerReference: reference, proofUploadId: proof, promotionId } = values;
  const { requestIdFor, settle } = useRequestId();
  const channel = channels.find((candidate) => candidate.code === values.channelCode) ?? null;

  useEffect(() => {
    // Back from the gateway through the browser's page cache: the form left disabled works again.
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) setSending(false);
    };
    window.addEventListener('pageshow', onPageShow);
    return () => {
      window.removeEventListener('pageshow', onPageShow);
    };
  }, []);

  const chooseChannel = (code: string) => {
    form.setValue('channelCode', code);
    // Offers differ per channel: a pick made for another channel is dropped.
    form.setValue('promotionId', '');
    clearErrors();
  };

  const submit = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSending) return;
    if (channel === null) return;
    const amountProblem = checkAmount(amount, {
      min: channel.minAmount,
      max: channel.maxAmount,
      currency: channel.currency,
    });
    const manual = isManual(channel);
    const found: RuleErrors = {};
    if (amountProblem !== null) found.amount = paymentRuleError(amountProblem);
    if (manual && reference.trim() === '') found.playerReference = { key: 'reference_required' };
    if (showRuleErrors(found)) return;
    setSending(true);
    try {
      let proofUploadId: string | undefined;
      if (manual && proof !== null) {
        if (uploaded.current?.file !== proof) {
          uploaded.current = { file: proof, id: await uploadProof(proof, 'deposit_proof') };
        }
        proofUploadId = uploaded.current.id;
      }
      const body: Omit<CreateDepositBody, 'requestId'> = {
        channelCode: channel.code,
        amount: amount.trim(),
        ...(manual && { playerReference: reference.trim() }),
        ...(proofUploadId !== undefined && { proofUploadId }),
        ...(promotionId !== '' && { promotionId }),
      };
      const deposit = await createDeposit({ ...body, requestId: requestIdFor(body) });
      settle();
      void queryClient.invalidateQueries({ queryKey: getDepositsQueryOptions().queryKey });
      void queryClient.invalidateQueries({ queryKey: walletQueryKeyPrefix });
      if (!manual) {
        const opening = deposit.paymentUrl === null ? 'invalid' : openGateway(deposit.paymentUrl);
        if (opening === 'invalid') {
          showFormError('GATEWAY_UNAVAILABLE');
          return;
        }
        if (opening === 'blocked') dialogs.toast(t('payments.deposit.popup_blocked'));
        void navigate(`?page=depositv2&deposit=${deposit.id}`);
        return;
      }
      dialogs.toast(t('payments.deposit.submitted'));
      onSubmitted(deposit);
    } catch (error) {
      showApiError(error);
      if (isApiError(error) && error.code === 'CHANNEL_UNAVAILABLE') {
        void queryClient.invalidateQueries({ queryKey: getDepositChannelsQueryOptions().queryKey });
      }
    } finally {
      setSending(false);
    }
  };

  return (
    <form className="payments-form" noValidate onSubmit={(event) => void submit(event)}>
      <fieldset
        className="payments-channels"
        aria-describedby={errorOf('channelCode') ? 'deposit-channel-error' : undefined}
      >
        <legend className="field__label">{t('payments.deposit.channel')}</legend>
        {errorOf('channelCode') !== null && (
          <p id="deposit-channel-error" className="field__error" data-testid="deposit-channel-error">
            {errorOf('channelCode')}
          </p>
        )}
        <div className="payments-channels__grid">
          {channels.map((candidate) => (
            <label
              key={candidate.code}
              className="payments-channel"
              data-testid={`deposit-channel-${candidate.code}`}
            >
              <input
                type="radio"
                name="deposit-channel"
                className="payments-channel__radio"
                value={candidate.code}
                checked={candidate.code === values.channelCode}
                onChange={() => {
                  chooseChannel(candidate.code);
                }}
              />
              <span className="payments-channel__text">
                <span className="payments-channel__name">
                  <bdi>{candidate.name}</bdi>
                </span>
                <span className="payments-channel__method">{t(`payments.method.${candidate.method}`)}</span>
                <span className="payments-channel__range">
                  <Money amount={candidate.minAmount} symbol={candidate.currency} /> –{' '}
                  <Money amount={candidate.maxAmount} symbol={candidate.currency} />
                </span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>

      {channel !== null && (
        <>
          <TextField
            label={t('payments.deposit.amount')}
            {...field('amount')}
            inputMode="decimal"
            autoComplete="off"
            maxLength={20}
            testId="deposit-amount"
          />
          <p className="payments-hint">
            {t('payments.deposit.range', {
              min: channel.minAmount,
              max: channel.maxAmount,
              currency: channel.currency,
            })}
          </p>
          <div className="payments-chips" role="group" aria-label={t('payments.deposit.quick_amounts')}>
            {quickAmounts(channel.minAmount, channel.maxAmount).map((value) => (
              <button
                key={value}
                type="button"
                className="payments-chip"
                aria-pressed={amount === value}
                data-testid={`deposit-quick-${value}`}
                onClick={() => {
                  edit('amount')(value);
                }}
              >
                <bdi>{value}</bdi>
              </button>
            ))}
          </div>

          <DepositBonusChoice
            channelCode={channel.code}
            currency={channel.currency}
            value={promotionId}
            onChange={edit('promotionId')}
          />
          {errorOf('promotionId') !== null && (
            <p className="field__error" role="alert" data-testid="deposit-bonus-error">
              {errorOf('promotionId')}
            </p>
          )}

          {isManual(channel) && channel.instructions !== null && (
            <div className="payments-instructions" data-testid="deposit-instructions">
              <h4>{t('payments.deposit.instructions_title')}</h4>
              <dl className="details-list">
                {(
                  [
                    ['bankName', t('payments.deposit.bank_name'), channel.instructions.bankName],
                    ['accountName', t('payments.deposit.account_name'), channel.instructions.accountName],
                    [
                      'accountNumber',
                      t('payments.deposit.account_number'),
                      channel.instructions.accountNumber,
                    ],
                  ] as const
                ).map(([name, label, value]) => (
                  <div key={name}>
                    <dt>{label}</dt>
                    <dd className="payments-instructions__value">
                      <span dir="auto" data-testid={`deposit-instruction-${name}`}>
                        {value}
                      </span>
                      <CopyButton value={value} label={label} testId={`deposit-copy-${name}`} />
                    </dd>
                  </div>
                ))}
              </dl>
              {channel.instructions.note !== null && (
                <p className="notice" dir="auto">
                  {channel.instructions.note}
                </p>
              )}
            </div>
          )}

          {isManual(channel) && (
            <>
              <TextField
                label={t('payments.deposit.reference')}
                {...field('playerReference')}
                autoComplete="off"
                maxLength={64}
                testId="deposit-reference"
              />
              <p className="payments-hint">{t('payments.deposit.reference_hint')}</p>
              <ProofField
                label={t('payments.deposit.proof')}
                file={proof}
                onFileChange={edit('proofUploadId')}
                onRefused={({ code }) => {
                  clearErrors();
                  showCode('proofUploadId', code);
                }}
                error={errorOf('proofUploadId')}
                testId="deposit-proof"
              />
            </>
          )}
          {!isManual(channel) && <p className="payments-hint">{t('payments.deposit.gateway_hint')}</p>}

          <FormError message={formError} />
          <button
            type="submit"
            className="button button--primary button--block"
            disabled={isSending}
            aria-busy={isSending}
            data-testid="deposit-submit"
          >
            {isSending
              ? t('payments.sending')
              : isManual(channel)
                ? t('payments.deposit.submit_manual')
                : t('payments.deposit.submit_gateway')}
          </button>
        </>
      )}
    </form>
  );
}
