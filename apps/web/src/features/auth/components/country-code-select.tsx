import { useTranslation } from 'react-i18next';

/** Dialing codes offered by the picker, with the country each stands for. */
export const countryDialingCodes = [
  { code: '+63', country: 'PH' },
  { code: '+92', country: 'PK' },
  { code: '+84', country: 'VN' },
  { code: '+66', country: 'TH' },
  { code: '+60', country: 'MY' },
  { code: '+62', country: 'ID' },
  { code: '+65', country: 'SG' },
  { code: '+1', country: 'US' },
  { code: '+44', country: 'GB' },
  { code: '+91', country: 'IN' },
] as const;

/** The visitor's own country code when the picker has it, else the first one. */
export const defaultDialingCode = (countryCode: string | null): string =>
  countryDialingCodes.find((entry) => entry.country === countryCode)?.code ?? countryDialingCodes[0].code;

type CountryCodeSelectProps = { value: string; onChange: (code: string) => void };

export function CountryCodeSelect({ value, onChange }: CountryCodeSelectProps) {
  const { t } = useTranslation();
  return (
    <select
      className="field__prefix"
      aria-label={t('auth.country_code')}
      data-testid="country-code-select"
      value={value}
      onChange={(event) => {
        onChange(event.target.value);
      }}
    >
      {countryDialingCodes.map((entry) => (
        <option key={entry.code} value={entry.code}>
          {`${entry.code} ${entry.country}`}
        </option>
      ))}
    </select>
  );
}
