import { TextField } from './form-field';
import { useTranslation } from 'react-i18next';

type DateRangeFieldsProps = {
  from: string;
  to: string;
  onFromChange: (value: string) => void;
  onToChange: (value: string) => void;
  error: string | null;
  testId: string;
};

/** From and to dates (yyyy-MM-dd, in the member's time zone). */
export function DateRangeFields({ from, to, onFromChange, onToChange, error, testId }: DateRangeFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <TextField
        label={t('wallet.records.from')}
        type="date"
        value={from}
        max={to || undefined}
        onValueChange={onFromChange}
        error={error}
        testId={`${testId}-from`}
      />
      <TextField
        label={t('wallet.records.to')}
        type="date"
        value={to}
        min={from || undefined}
        onValueChange={onToChange}
        testId={`${testId}-to`}
      />
    </>
  );
}
