import { useQueryClient } from '@tanstack/react-query';
import {
  limitCoolingOffHours,
  type PlayLimit,
  type PlayLimitKind,
  playLimitKinds,
  type PlayLimitPeriod,
  playLimitPeriods,
  type ProtectionStatus,
} from '@wps/contracts/protection';
import { useId, useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useDialogs } from '../../../components/dialog-provider';
import { FormError, TextField } from '../../../components/form-field';
import { Money } from '../../../components/money';
import { formatAmount } from '../../../lib/format-amount';
import { formatLocalDateTime } from '../../../lib/format-date';
import { type TranslateRule, useSiteForm } from '../../../lib/use-site-form';
import { getProtectionStatusQueryOptions } from '../api/get-protection-status';
import { setPlayLimit } from '../api/update-protection';
import { checkLimitValue, isTimeLimit, usedPercent } from '../limit-values';

/** A moment in the visitor's own locale and time zone. */
const timeOf = (iso: string): string => formatLocalDateTime(iso) ?? iso;
/** Money inside a sentence: the currency code and the amount with separators. */
const moneyText = (amount: string, currency: string): string => `${currency} ${formatAmount(amount)}`;

type LimitValidationRule = 'amount' | 'minutes';
const isLimitRule = (key: string): key is LimitValidationRule => key === 'amount' || key === 'minutes';
const translateLimitRule: TranslateRule = (t, key) =>
  isLimitRule(key) ? t(`responsible_gaming.limits.validation.${key}`) : key;

/** A limit's value as the member reads it: money with its currency, or minutes. */
function LimitValue({ kind, value, currency }: { kind: PlayLimitKind; value: string; currency: string }) {
  const { t } = useTranslation();
  if (isTimeLimit(kind)) return <>{t('responsible_gaming.limits.minutes', { count: Number(value) })}</>;
  return <Money amount={value} symbol={currency} />;
}

type LimitFormProps = {
  kind: PlayLimitKind;
  period: PlayLimitPeriod;
  limit: PlayLimit | undefined;
  currency: string;
  onDone: () => void;
};

/**
 * Sets, lowers, raises or removes one limit. The server decides what binds when (a decrease at once, an
 * increase or a removal after the cooling-off) and the member is told which it was.
 */
function LimitForm({ kind, period, limit, currency, onDone }: LimitFormProps) {
  const { t } = useTranslation();
  const dialogs = useDialogs();
  const queryClient = useQueryClient();
  const [isSending, setSending] = useState(false);
  const { field, formError, showRuleErrors, showApiError, values } = useSiteForm<{ amount: string }>({
    defaultValues: { amount: '' },
    translateRule: translateLimitRule,
    isFormErrorClearedOnEdit: true,
  });
  const testId = `limit-${kind}-${period}`;

  /** Tells whether the change binds now or waits, from the limit as the server answered it. */
  const announce = (status: ProtectionStatus): void => {
    const changed = status.limits.find((item) => item.kind === kind && item.period === period);
    const pending = changed?.pending ?? null;
    if (pending !== null) {
      const time = timeOf(pending.from);
      dialogs.toast(
        pending.amount === null
          ? t('responsible_gaming.limits.removal_scheduled', { time })
          : t('responsible_gaming.limits.scheduled', { time }),
      );
    } else {
      dialogs.toast(t('responsible_gaming.limits.applied'));
    }
  };

  const send = async (amount: string | null): Promise<void> => {
    if (isSending) return;
    if (amount !== null) {
      const broken = checkLimitValue(kind, amount);
      if (showRuleErrors(broken === null ? {} : { amount: { key: broken } })) return;
    }
    setSending(true);
    try {
      const status = await setPlayLimit({ kind, period, amount: amount?.trim() ?? null });
      queryClient.setQueryData(getProtectionStatusQueryOptions().queryKey, status);
      announce(status);
      onDone();
    } catch (error) {
      showApiError(error);
    } finally {
      setSending(false);
    }
  };

  const submit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    void send(values.amount);
  };

  // A removal already waiting needs no second one.
  const canRemove = limit !== undefined && limit.amount !== null && limit.pending?.amount !== null;
  return (
    <form className="rg-limit-form" noValidate onSubmit={submit} data-testid={`${testId}-form`}>
      <TextField
        label={
          isTimeLimit(kind)
            ? t('responsible_gaming.limits.minutes_label')
            : t('responsible_gaming.limits.amount_label', { currency })
        }
        {...field('amount')}
        inputMode={isTimeLimit(kind) ? 'numeric' : 'decimal'}
        autoComplete="off"
        maxLength={18}
        hint={t('responsible_gaming.limits.edit_hint', { hours: limitCoolingOffHours })}
        testId={`${testId}-amount`}
      />
      <FormError message={formError} />
      <div className="rg-actions">
        <button
          type="submit"
          className="button button--primary"
          disabled={isSending}
          aria-busy={isSending}
          data-testid={`${testId}-save`}
        >
          {t('responsible_gaming.limits.save')}
        </button>
        {canRemove && (
          <button
            type="button"
            className="button button--ghost"
            disabled={isSending}
            data-testid={`${testId}-remove`}
            onClick={() => void send(null)}
          >
            {t('responsible_gaming.limits.remove')}
          </button>
        )}
        <button type="button" className="button button--ghost" onClick={onDone} disabled={isSending}>
          {t('responsible_gaming.limits.cancel')}
        </button>
      </div>
    </form>
  );
}

type LimitRowProps = {
  kind: PlayLimitKind;
  period: PlayLimitPeriod;
  limit: PlayLimit | undefined;
  currency: string;
};

/** One period of one limit: what binds, how much of it is used, what change waits, and when it all turns. */
function LimitRow({ kind, period, limit, currency }: LimitRowProps) {
  const { t } = useTranslation();
  const labelId = useId();
  const [isEditing, setEditing] = useState(false);
  const testId = `limit-${kind}-${period}`;
  const amount = limit?.amount ?? null;
  return (
    <li className="rg-limit" data-testid={testId} aria-labelledby={labelId}>
      <div className="rg-limit__head">
        <span id={labelId} className="rg-limit__period">
          {t(`responsible_gaming.limits.periods.${period}`)}
        </span>
        <span className="rg-limit__amount" data-testid={`${testId}-value`}>
          {amount === null ? (
            t('responsible_gaming.limits.none')
          ) : (
            <LimitValue kind={kind} value={amount} currency={currency} />
          )}
        </span>
      </div>
      {limit !== undefined && amount !== null && (
        <>
          <progress
            className="rg-limit__bar"
            max={100}
            value={usedPercent(limit.used, amount)}
            aria-label={t('responsible_gaming.limits.usage')}
            data-testid={`${testId}-bar`}
          />
          <p className="rg-limit__fact" data-testid={`${testId}-used`}>
            {isTimeLimit(kind)
              ? t('responsible_gaming.limits.used', {
                  used: t('responsible_gaming.limits.minutes', { count: Number(limit.used) }),
                  amount: t('responsible_gaming.limits.minutes', { count: Number(amount) }),
                })
              : t('responsible_gaming.limits.used', {
                  used: moneyText(limit.used, currency),
                  amount: moneyText(amount, currency),
                })}
          </p>
          <p className="rg-limit__fact muted" data-testid={`${testId}-resets`}>
            {t('responsible_gaming.limits.resets', { time: timeOf(limit.resetsAt) })}
          </p>
        </>
      )}
      {limit?.pending && (
        <p className="rg-limit__pending" role="note" data-testid={`${testId}-pending`}>
          {limit.pending.amount === null
            ? t('responsible_gaming.limits.pending_removal', { time: timeOf(limit.pending.from) })
            : t('responsible_gaming.limits.pending_change', {
                amount: isTimeLimit(kind)
                  ? t('responsible_gaming.limits.minutes', { count: Number(limit.pending.amount) })
                  : moneyText(limit.pending.amount, currency),
                time: timeOf(limit.pending.from),
              })}
        </p>
      )}
      {isEditing ? (
        <LimitForm
          kind={kind}
          period={period}
          limit={limit}
          currency={currency}
          onDone={() => {
            setEditing(false);
          }}
        />
      ) : (
        <button
          type="button"
          className="button button--ghost rg-limit__edit"
          data-testid={`${testId}-edit`}
          onClick={() => {
            setEditing(true);
          }}
        >
          {amount === null ? t('responsible_gaming.limits.set') : t('responsible_gaming.limits.change')}
        </button>
      )}
    </li>
  );
}

/** Every limit kind by period (day, week, month), with the cooling-off rule said once above them. */
export function PlayLimits({ status }: { status: ProtectionStatus }) {
  const { t } = useTranslation();
  const titleId = useId();
  const limitOf = (kind: PlayLimitKind, period: PlayLimitPeriod) =>
    status.limits.find((limit) => limit.kind === kind && limit.period === period);
  return (
    <section className="rg-card" aria-labelledby={titleId} data-testid="rg-limits">
      <h3 id={titleId}>{t('responsible_gaming.limits.title')}</h3>
      <p className="notice" data-testid="rg-cooling-off">
        {t('responsible_gaming.limits.cooling_off', { hours: limitCoolingOffHours })}
      </p>
      {playLimitKinds.map((kind) => (
        <section
          key={kind}
          className="rg-limit-kind"
          aria-label={t(`responsible_gaming.limits.kinds.${kind}`)}
        >
          <h4>{t(`responsible_gaming.limits.kinds.${kind}`)}</h4>
          <p className="rg-hint">{t(`responsible_gaming.limits.kind_hints.${kind}`)}</p>
          <ul className="rg-limit-list">
            {playLimitPeriods.map((period) => (
              <LimitRow
                key={period}
                kind={kind}
                period={period}
                limit={limitOf(kind, period)}
                currency={status.currency}
              />
            ))}
          </ul>
        </section>
      ))}
    </section>
  );
}
