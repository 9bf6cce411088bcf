import { dialingCodeOf, dialingCodes } from '@wps/contracts/phone-numbers';
import type { VisitorContext } from '../../http/request-context';
import { lookupCountry } from './geo-location';

/** The same for every visitor: built once. */
const countries = dialingCodes();

/** getCountryCode: every country with its dialling code, and the visitor's own (by address) when known. */
export const countryCodesFor = (visitor: VisitorContext) => ({
  countries,
  visitorDialingCode: dialingCodeOf(lookupCountry(visitor.ip)),
});
