import {
  getCountries,
  getCountryCallingCode,
  isSupportedCountry,
  parsePhoneNumberFromString,
} from 'libphonenumber-js/min';
import { z } from 'zod';
import { successEnvelope } from './envelope';
import type { RuleMessage } from './validation-rules';

/**
 * Countries and their dialling codes, and phone numbers checked per country, from libphonenumber's metadata
 * (kept apart from validation-rules.ts so that the site's first load does not carry the metadata: only the forms
 * that take a phone number import this).
 */

export const dialingCodeEntrySchema = z.object({
  /** ISO 3166-1 alpha-2. */
  country: z.string(),
  /** Digits, without "+" (countries can share one: +1, +7, +44 ...). */
  dialingCode: z.string(),
});
export type DialingCodeEntry = z.infer<typeof dialingCodeEntrySchema>;

export const countryCodesResponseSchema = successEnvelope(
  z.object({
    countries: z.array(dialingCodeEntrySchema),
    /** The dialling code of the visitor's country (by address), null when it is not known. */
    visitorDialingCode: z.string().nullable(),
  }),
);

/** Every country libphonenumber knows, by country code, with its dialling code. */
export const dialingCodes = (): DialingCodeEntry[] =>
  getCountries().map((country) => ({ country, dialingCode: getCountryCallingCode(country) }));

/** The dialling code of a country (ISO alpha-2), null for one unknown. */
export const dialingCodeOf = (country: string | null): string | null =>
  country !== null && isSupportedCountry(country) ? getCountryCallingCode(country) : null;

/**
 * Whether a mobile number (national digits, leading zeros as people write them) is a valid number of a country
 * with this dialling code ("63" or "+63"): its length and its number ranges, per libphonenumber.
 */
export const isValidPhoneNumber = (dialingCode: string, mobileNum: string): boolean => {
  const code = dialingCode.trim().replace(/^\+/, '');
  const national = mobileNum.trim().replace(/^0+/, '');
  if (!/^\d{1,4}$/.test(code) || !/^\d+$/.test(national)) return false;
  return parsePhoneNumberFromString(`+${code}${national}`)?.isValid() === true;
};

/**
 * A form's mobile number against its country (after the brand's own rule passed): `mobile_invalid` when a
 * number and a dialling code are given and the number is not one of that country; null otherwise (an empty
 * number is the brand rule's concern, and without a dialling code there is no country to check against).
 */
export const checkMobileForCountry = (
  dialingCode: string | undefined,
  mobileNum: string | undefined,
): RuleMessage | null => {
  if (!dialingCode?.trim() || !mobileNum?.trim()) return null;
  return isValidPhoneNumber(dialingCode, mobileNum) ? null : { key: 'mobile_invalid' };
};
