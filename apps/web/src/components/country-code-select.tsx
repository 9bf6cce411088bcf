import type { DialingCodeEntry } from '@wps/contracts/phone-numbers';
import type { Location } from '@wps/contracts/site';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** Where the visitor's country is not known: the Philippines, the first market the platform served. */
const fallbackDialingCode = '+63';

/** The phone fields' first dialling code: the visitor's country's (by address), else the fallback. */
export const defaultDialingCode = (location: Pick<Location, 'dialingCode'>): string =>
  location.dialingCode === null ? fallbackDialingCode : `+${location.dialingCode}`;

/** The countries by name in the site's language (the code where the browser has no name for it). */
const byName = (countries: readonly DialingCodeEntry[], language: string) => {
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames([language, 'en'], { type: 'region' });
  } catch {
    names = null;
  }
  return countries
    .map((entry) => ({ ...entry, name: names?.of(entry.country) ?? entry.country }))
    .sort((a, b) => a.name.localeCompare(b.name, language));
};

type CountryCodeSelectProps = {
  /** The countries of getCountryCode (auth's useCountryCodes); undefined until they arrive. */
  countries: readonly DialingCodeEntry[] | undefined;
  value: string;
  onChange: (code: string) => void;
  testId?: string;
};

/**
 * Every country with its dialling code, by name; the value is the code ("+63"). Countries that share a code (+1,
 * +7 ...) are each listed, and choosing any of them gives the same code.
 */
export function CountryCodeSelect({
  countries,
  value,
  onChange,
  testId = 'country-code-select',
}: CountryCodeSelectProps) {
  const { t, i18n } = useTranslation();
  const options = useMemo(() => byName(countries ?? [], i18n.language), [countries, i18n.language]);
  // The first country with the chosen code shows as selected; until the list arrives, the code alone.
  const selected = options.find((entry) => `+${entry.dialingCode}` === value)?.country ?? value;
  return (
    <select
      className="field__prefix"
      aria-label={t('auth.country_code')}
      data-testid={testId}
      value={selected}
      onChange={(event) => {
        const chosen = options.find((entry) => entry.country === event.target.value);
        if (chosen) onChange(`+${chosen.dialingCode}`);
      }}
    >
      {options.length === 0 && <option value={value}>{value}</option>}
      {options.map((entry) => (
        <option key={entry.country} value={entry.country}>
          {`+${entry.dialingCode} ${entry.name}`}
        </option>
      ))}
    </select>
  );
}
