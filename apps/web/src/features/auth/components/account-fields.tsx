import { useTranslation } from 'react-i18next';
import { TextField, type TextFieldProps } from '../../../components/form-field';
import { CountryCodeSelect } from '../../../components/country-code-select';
import { useCountryCodes } from '../api/country-codes';

type AccountFieldProps = Pick<TextFieldProps, 'value' | 'onValueChange' | 'error'> & { testId: string };

/** The account name as the auth forms ask for it. */
export function UsernameField(props: AccountFieldProps) {
  const { t } = useTranslation();
  return (
    <TextField
      label={t('auth.username')}
      {...props}
      autoComplete="username"
      autoCapitalize="off"
      maxLength={64}
    />
  );
}

/** A mobile number (digits) after its country dialing code. */
export function MobileNumberField({
  countryCode,
  onCountryCodeChange,
  ...props
}: AccountFieldProps & { countryCode: string; onCountryCodeChange: (code: string) => void }) {
  const { t } = useTranslation();
  const countries = useCountryCodes();
  return (
    <TextField
      label={t('auth.mobile')}
      {...props}
      type="tel"
      inputMode="numeric"
      autoComplete="tel-national"
      maxLength={32}
      leading={<CountryCodeSelect countries={countries} value={countryCode} onChange={onCountryCodeChange} />}
    />
  );
}
