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
import { useFormMessages } from '../../../lib/use-form-messages';
import { refreshContractQueries } from '../api/agent-query-keys';
import { processContract } from '../api/contracts';
import { formatRate, isFigureInput, parseRatePercent } from '../contract-format';

type TierDraft = { key: number; minFigure: string; minActiveMembers: string; ratePercent: string };
type Rule = 'downline_required' | 'tiers_invalid' | 'rate_above_max';

const emptyTier = (key: number): TierDraft => ({
  key,
  minFigure: '0',
  minActiveMembers: '0',
  ratePercent: '',
});

const isTierValid = (tier: TierDraft): boolean =>
  isFigureInput(tier.minFigure) &&
  /^\d{1,7}$/.test(tier.minActiveMembers.trim()) &&
  parseRatePercent(tier.ratePercent) !== null;

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
  const [downline, setDownline] = useState(downlines.length === 1 ? (downlines[0]?.account ?? '') : '');
  const [period, setPeriod] = useState<ContractPeriod>(periods[0] ?? 'DAILY');
  const [tiers, setTiers] = useState<TierDraft[]>([emptyTier(0)]);
  const [nextKey, setNextKey] = useState(1);
  const messages = useFormMessages<'downline' | 'tiers', Rule>(['downline', 'tiers'], {
    translateRule: (translate, message) =>
      translate(`agents.validation.${message.rule}`, {
        rate: maxRateBasisPoints === null ? '' : formatRate(maxRateBasisPoints),
      }),
    fieldOfCode: {
      NOT_IN_YOUR_LINE: 'downline',
      CONTRACT_RATE_TOO_HIGH: 'tiers',
    },
  });
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
    const highest = Math.max(...tiers.map((tier) => parseRatePercent(tier.ratePercent) ?? 0));
    const hasProblems = messages.showRules({
      downline: downline === '' ? 'downline_required' : null,
      tiers: !tiers.every(isTierValid)
        ? 'tiers_invalid'
        : maxRateBasisPoints !== null && highest > maxRateBasisPoints
          ? 'rate_above_max'
          : null,
    });
    if (hasProblems) return;
    offer.mutate(undefined, {
      onSuccess: () => {
        void refreshContractQueries(queryClient);
        dialogs.toast(t('agents.contracts.offered', { account: downline }));
        setTiers([emptyTier(nextKey)]);
        setNextKey((key) => key + 1);
        onOffered?.();
      },
      onError: messages.showApiError,
    });
  };

  const editTier = (key: number, field: keyof Omit<TierDraft, 'key'>) => (value: string) => {
    setTiers((current) => current.map((tier) => (tier.key === key ? { ...tier, [field]: value } : tier)));
    messages.clear('tiers');
  };
  const figureLabel = t(
    kind === 'DIVIDEND' ? 'agents.contracts.figure_loss' : 'agents.contracts.figure_valid_bet',
  );
  const tiersError = messages.errorOf('tiers');

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
          value={downline}
          options={[
            ...(downlines.length === 1 ? [] : [{ value: '', label: t('agents.contracts.choose_downline') }]),
            ...downlines.map((party) => ({ value: party.account, label: party.account })),
          ]}
          onValueChange={(value) => {
            setDownline(value);
            messages.clear('downline');
          }}
          error={messages.errorOf('downline')}
          testId="contract-offer-downline"
        />
        <SelectField
          label={t('agents.contracts.period')}
          value={period}
          disabled={periods.length === 1}
          options={periods.map((value) => ({ value, label: t(`agents.contracts.periods.${value}`) }))}
          onValueChange={(value) => {
            const chosen = periods.find((candidate) => candidate === value);
            if (chosen) setPeriod(chosen);
          }}
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
                    setTiers((current) => current.filter((candidate) => candidate.key !== tier.key));
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
                setTiers((current) => [...current, emptyTier(nextKey)]);
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
        <FormError message={messages.formError} />
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
