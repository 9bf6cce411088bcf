import { type SelfExclusionDuration, selfExclusionDurations, timeOutDays } from '@wps/contracts/protection';
import { useId, useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useDialogs } from '../../../components/dialog-provider';
import { FormError, PasswordField } from '../../../components/form-field';
import { SelectField } from '../../../components/select-field';
import { formatLocalDateTime } from '../../../lib/format-date';
import { translateApiError } from '../../../lib/translate-message';
import { type TranslateRule, useSiteForm } from '../../../lib/use-site-form';
import { startSelfExclusion, startTimeOut } from '../api/update-protection';
import { useEndLocalSession } from '../use-end-local-session';

type TimeOutDays = (typeof timeOutDays)[number];

/** A break of one day to six weeks: confirmed first, then the member is signed out here and everywhere. */
export function TimeOutForm() {
  const { t } = useTranslation();
  const dialogs = useDialogs();
  const endLocalSession = useEndLocalSession();
  const titleId = useId();
  const [days, setDays] = useState<TimeOutDays>(timeOutDays[0]);
  const [isSending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const start = async () => {
    const duration = t(`responsible_gaming.time_out.durations.${days}`);
    const isConfirmed = await dialogs.confirm({
      title: t('responsible_gaming.time_out.confirm_title'),
      message: t('responsible_gaming.time_out.confirm', { duration }),
      confirmLabel: t('responsible_gaming.time_out.start'),
    });
    if (!isConfirmed) return;
    setSending(true);
    setError(null);
    try {
      const exclusion = await startTimeOut({ days });
      await endLocalSession({
        title: t('responsible_gaming.time_out.done_title'),
        message: t('responsible_gaming.time_out.done', {
          end: formatLocalDateTime(exclusion.endsAt) ?? duration,
        }),
      });
    } catch (failure) {
      setError(translateApiError(t, failure));
      setSending(false);
    }
  };

  return (
    <section className="rg-card" aria-labelledby={titleId} data-testid="rg-time-out">
      <h3 id={titleId}>{t('responsible_gaming.time_out.title')}</h3>
      <p className="rg-hint">{t('responsible_gaming.time_out.hint')}</p>
      <form
        className="rg-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!isSending) void start();
        }}
      >
        <SelectField
          label={t('responsible_gaming.time_out.duration')}
          value={String(days)}
          options={timeOutDays.map((value) => ({
            value: String(value),
            label: t(`responsible_gaming.time_out.durations.${value}`),
          }))}
          onValueChange={(value) => {
            setDays(timeOutDays.find((candidate) => String(candidate) === value) ?? timeOutDays[0]);
          }}
          testId="rg-time-out-days"
        />
        <FormError message={error} />
        <button
          type="submit"
          className="button button--primary"
          disabled={isSending}
          aria-busy={isSending}
          data-testid="rg-time-out-start"
        >
          {t('responsible_gaming.time_out.start')}
        </button>
      </form>
    </section>
  );
}

type SelfExclusionValues = { duration: SelfExclusionDuration; password: string };

const translateSelfExclusionRule: TranslateRule = (t, key) =>
  key === 'password_required' ? t('responsible_gaming.self_exclusion.password_required') : key;

/**
 * A self-exclusion of six months to permanent, with the login password, after a confirmation that says what
 * follows: no play, no deposits, no offers, signed out now, and no way back by the member alone.
 */
export function SelfExclusionForm() {
  const { t } = useTranslation();
  const dialogs = useDialogs();
  const endLocalSession = useEndLocalSession();
  const titleId = useId();
  const [isSending, setSending] = useState(false);
  const { values, edit, field, errorOf, formError, showRuleErrors, showApiError } =
    useSiteForm<SelfExclusionValues>({
      defaultValues: { duration: selfExclusionDurations[0], password: '' },
      translateRule: translateSelfExclusionRule,
      fieldOfCode: { OLD_PASSWORD_WRONG: 'password' },
    });

  const submit = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSending) return;
    if (showRuleErrors(values.password === '' ? { password: { key: 'password_required' } } : {})) return;
    const { duration, password } = values;
    const isConfirmed = await dialogs.confirm({
      title: t('responsible_gaming.self_exclusion.confirm_title'),
      message:
        duration === 'permanent'
          ? t('responsible_gaming.self_exclusion.confirm_permanent')
          : t('responsible_gaming.self_exclusion.confirm', {
              duration: t(`responsible_gaming.self_exclusion.durations.${duration}`),
            }),
      confirmLabel: t('responsible_gaming.self_exclusion.start'),
    });
    if (!isConfirmed) return;
    setSending(true);
    try {
      await startSelfExclusion({ duration, password });
      await endLocalSession({
        title: t('responsible_gaming.self_exclusion.done_title'),
        message: t('responsible_gaming.self_exclusion.done'),
      });
    } catch (failure) {
      showApiError(failure);
      setSending(false);
    }
  };

  return (
    <section className="rg-card" aria-labelledby={titleId} data-testid="rg-self-exclusion">
      <h3 id={titleId}>{t('responsible_gaming.self_exclusion.title')}</h3>
      <p className="rg-hint">{t('responsible_gaming.self_exclusion.hint')}</p>
      <form className="rg-form" noValidate onSubmit={(event) => void submit(event)}>
        <SelectField
          label={t('responsible_gaming.self_exclusion.duration')}
          value={values.duration}
          options={selfExclusionDurations.map((duration) => ({
            value: duration,
            label: t(`responsible_gaming.self_exclusion.durations.${duration}`),
          }))}
          onValueChange={(value) => {
            const duration = selfExclusionDurations.find((candidate) => candidate === value);
            if (duration !== undefined) edit('duration')(duration);
          }}
          error={errorOf('duration')}
          testId="rg-self-exclusion-duration"
        />
        <PasswordField
          label={t('responsible_gaming.self_exclusion.password')}
          {...field('password')}
          autoComplete="current-password"
          maxLength={200}
          testId="rg-self-exclusion-password"
        />
        <FormError message={formError} />
        <button
          type="submit"
          className="button button--primary"
          disabled={isSending}
          aria-busy={isSending}
          data-testid="rg-self-exclusion-start"
        >
          {t('responsible_gaming.self_exclusion.start')}
        </button>
      </form>
    </section>
  );
}
