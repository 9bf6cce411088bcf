import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type ContractKind,
  type ContractPeriod,
  maxTiers,
  periodsOfKind,
} from '@wps/contracts/agent-contract-rules';
import { useId, useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useDialogs } from '../../../components/dialog-provider';
import { FormError, TextField } from '../../../components/form-field';
import { SelectField } from '../../../components/select-field';
import { checkSchema, useSiteForm } from '../../../lib/use-site-form';
import { refreshContractQueries } from '../api/agent-query-keys';
import { processContract } from '../api/contracts';
import { formatRate, parseRatePercent } from '../contract-format';
import { contractOfferFormSchema, translateAgentRule, type TierDraft } from '../form-rules';

type ContractOfferValues = { downline: string; period: ContractPeriod; tiers: TierDraft[] };

const emptyTier = (key: number): TierDraft => ({
  key,
  minFigure: '0',
  minActiveMembers: '0',
  ratePercent: '',
});

type ContractOfferFormProps = {
  kind: ContractKind;
  /** The downlines to choose from; a single fixed one when offered from the downline list. */
  downlines: readonly { account: string }[];
  /** The highest rate this agent may offer (its own contract's rate), null when unlimited. */
  maxRateBasisPoints: number | null;
  onOffered?: () => void;
};

/**
 * The upline's offer to a direct downline agent: the period (dividends), and up to ten tiers of a figure
 * threshold, active members and a rate in per cent. The platform checks every rule again.
 */
export function ContractOfferForm({
  kind,
  downlines,
  maxRateBasisPoints,
  onOffered,
}: ContractOfferFormProps) {
  const { t } = useTranslation();
  const dialogs = useDialogs();
  const queryClient = useQueryClient();
  const titleId = useId();
  const periods = periodsOfKind[kind];
  const [nextKey, setNextKey] = useState(1);
  const { form, values, field, edit, errorOf, formError, showRuleErrors, showApiError } =
    useSiteForm<ContractOfferValues>({
      defaultValues: {
        downline: downlines.length === 1 ? (downlines[0]?.account ?? '') : '',
        period: periods[0] ?? 'DAILY',
        tiers: [emptyTier(0)],
      },
      // The rate is the one allowed now, also for a message shown before it changed.
      translateRule: (translate, key) =>
        translateAgentRule(translate, key, {
          rate: maxRateBasisPoints === null ? '' : formatRate(maxRateBasisPoints),
        }),
      fieldOfCode: {
        NOT_IN_YOUR_LINE: 'downline',
        CONTRACT_RATE_TOO_HIGH: 'tiers',
      },
      isFormErrorClearedOnEdit: true,
    });
  const { downline, period, tiers } = values;
  const offer = useMutation({
    mutationFn: () =>
      processContract(kind, {
        action: 'OFFER',
        downline,
        ...(kind === 'DIVIDEND' ? { period } : {}),
        tiers: tiers.map((tier) => ({
          minFigure: tier.minFigure.trim(),
          minActiveMembers: Number(tier.minActiveMembers.trim()),
          rateBasisPoints: parseRatePercent(tier.ratePercent) ?? 0,
        })),
      }),
  });

  const submit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (offer.isPending) return;
    if (showRuleErrors(checkSchema(contractOfferFormSchema(maxRateBasisPoints), values))) return;
    offer.mutate(undefined, {
      onSuccess: () => {
        void refreshContractQueries(queryClient);
        dialogs.toast(t('agents.contracts.offered', { account: downline }));
        form.setValue('tiers', [emptyTier(nextKey)]);
        setNextKey((key) => key + 1);
        onOffered?.();
      },
      onError: showApiError,
    });
  };

  const editTier = (key: number, part: keyof Omit<TierDraft, 'key'>) => (value: string) => {
    const current = form.getValues('tiers');
    edit('tiers')(current.map((tier) => (tier.key === key ? { ...tier, [part]: value } : tier)));
  };
  const figureLabel = t(
    kind === 'DIVIDEND' ? 'agents.contracts.figure_loss' : 'agents.contracts.figure_valid_bet',
  );
  const tiersError = errorOf('tiers');

  return (
    <form
      className="wallet-form"
      aria-labelledby={titleId}
      noValidate
      data-testid="contract-offer-form"
      onSubmit={submit}
    >
      <h3 id={titleId} className="wallet-form__title">
        {t('agents.contracts.offer_title', { kind: t(`agents.contracts.kinds.${kind}`) })}
      </h3>
      <fieldset className="wallet-form__fields" disabled={offer.isPending}>
        <SelectField
          label={t('agents.contracts.downline')}
          {...field('downline')}
          options={[
            ...(downlines.length === 1 ? [] : [{ value: '', label: t('agents.contracts.choose_downline') }]),
            ...downlines.map((party) => ({ value: party.account, label: party.account })),
          ]}
          testId="contract-offer-downline"
        />
        <SelectField
          label={t('agents.contracts.period')}
          value={period}
          disabled={periods.length === 1}
          options={periods.map((value) => ({ value, label: t(`agents.contracts.periods.${value}`) }))}
          onValueChange={(value) => {
            const chosen = periods.find((candidate) => candidate === value);
            // Only the server could find fault with a period offered here; choosing one leaves the messages.
            if (chosen) form.setValue('period', chosen);
          }}
          error={errorOf('period')}
          testId="contract-offer-period"
        />
        <fieldset
          className="agent-section"
          aria-describedby={tiersError === null ? undefined : `${titleId}-tiers`}
        >
          <legend>{t('agents.contracts.tiers')}</legend>
          {tiersError !== null && (
            <p
              id={`${titleId}-tiers`}
              className="field__error"
              role="alert"
              data-testid="contract-offer-tiers-error"
            >
              {tiersError}
            </p>
          )}
          {tiers.map((tier, index) => (
            <div key={tier.key} className="tier-row" data-testid="contract-offer-tier">
              <TextField
                label={t('agents.contracts.tier_figure', { label: figureLabel, number: index + 1 })}
                value={tier.minFigure}
                inputMode="decimal"
                autoComplete="off"
                onValueChange={editTier(tier.key, 'minFigure')}
                testId={`contract-tier-${index}-figure`}
              />
              <TextField
                label={t('agents.contracts.tier_members', { number: index + 1 })}
                value={tier.minActiveMembers}
                inputMode="numeric"
                autoComplete="off"
                onValueChange={editTier(tier.key, 'minActiveMembers')}
                testId={`contract-tier-${index}-members`}
              />
              <TextField
                label={t('agents.contracts.tier_rate', { number: index + 1 })}
                value={tier.ratePercent}
                inputMode="decimal"
                autoComplete="off"
                onValueChange={editTier(tier.key, 'ratePercent')}
                testId={`contract-tier-${index}-rate`}
              />
              {tiers.length > 1 && (
                <button
                  type="button"
                  className="button button--ghost"
                  aria-label={t('agents.contracts.remove_tier', { number: index + 1 })}
                  onClick={() => {
                    form.setValue(
                      'tiers',
                      form.getValues('tiers').filter((candidate) => candidate.key !== tier.key),
                    );
                  }}
                >
                  {t('agents.contracts.remove')}
                </button>
              )}
            </div>
          ))}
          {tiers.length < maxTiers && (
            <button
              type="button"
              className="button button--ghost"
              data-testid="contract-offer-add-tier"
              onClick={() => {
                form.setValue('tiers', [...form.getValues('tiers'), emptyTier(nextKey)]);
                setNextKey((key) => key + 1);
              }}
            >
              {t('agents.contracts.add_tier')}
            </button>
          )}
          {maxRateBasisPoints !== null && (
            <p className="muted">
              {t('agents.contracts.max_rate', { rate: formatRate(maxRateBasisPoints) })}
            </p>
          )}
        </fieldset>
        <FormError message={formError} />
        <button
          type="submit"
          className="button button--primary"
          aria-busy={offer.isPending}
          data-testid="contract-offer-submit"
        >
          {t('agents.contracts.offer_submit')}
        </button>
      </fieldset>
    </form>
  );
}
