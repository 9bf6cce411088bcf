import { useQueryClient } from '@tanstack/react-query';
import { realityCheckIntervals } from '@wps/contracts/protection';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDialogs } from '../../../components/dialog-provider';
import { SelectField } from '../../../components/select-field';
import { translateApiError } from '../../../lib/translate-message';
import { getProtectionStatusQueryOptions } from '../api/get-protection-status';
import { protectionQueryKeyPrefix } from '../api/query-keys';
import { setRealityCheck } from '../api/update-protection';

const never = '';

/** How often the reality check interrupts play (or never); the app's timer follows the new choice at once. */
export function RealityCheckSetting({ minutes }: { minutes: number | null }) {
  const { t } = useTranslation();
  const dialogs = useDialogs();
  const queryClient = useQueryClient();
  const titleId = useId();
  const [choice, setChoice] = useState(minutes === null ? never : String(minutes));
  const [isSending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const options = [
    { value: never, label: t('responsible_gaming.reality_check.off') },
    ...realityCheckIntervals.map((interval) => ({
      value: String(interval),
      label: t('responsible_gaming.reality_check.every', { count: interval }),
    })),
  ];

  const save = async () => {
    const interval = realityCheckIntervals.find((candidate) => String(candidate) === choice) ?? null;
    setSending(true);
    setError(null);
    try {
      const status = await setRealityCheck({ minutes: interval });
      queryClient.setQueryData(getProtectionStatusQueryOptions().queryKey, status);
      // The session query carries the interval the app-level timer runs on.
      await queryClient.invalidateQueries({ queryKey: [...protectionQueryKeyPrefix, 'session'] });
      dialogs.toast(t('responsible_gaming.reality_check.saved'));
    } catch (failure) {
      setError(translateApiError(t, failure));
    } finally {
      setSending(false);
    }
  };

  return (
    <section className="rg-card" aria-labelledby={titleId} data-testid="rg-reality-check">
      <h3 id={titleId}>{t('responsible_gaming.reality_check.title')}</h3>
      <p className="rg-hint">{t('responsible_gaming.reality_check.hint')}</p>
      <form
        className="rg-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <SelectField
          label={t('responsible_gaming.reality_check.interval')}
          value={choice}
          options={options}
          onValueChange={setChoice}
          error={error}
          testId="rg-reality-check-interval"
        />
        <button
          type="submit"
          className="button button--primary"
          disabled={isSending}
          aria-busy={isSending}
          data-testid="rg-reality-check-save"
        >
          {t('responsible_gaming.reality_check.save')}
        </button>
      </form>
    </section>
  );
}
