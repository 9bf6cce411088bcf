import { useQuery } from '@tanstack/react-query';
import type { countryCodesResponseSchema, DialingCodeEntry } from '@wps/contracts/phone-numbers';
import type { ResponseValue } from '@wps/contracts/envelope';
import { apiRequest } from '../../../lib/api-client';

/** getCountryCode: every country with its dialling code, asked once a visit (it does not change). */
export const useCountryCodes = (): DialingCodeEntry[] | undefined =>
  useQuery({
    queryKey: ['auth', 'country-codes'],
    queryFn: async () =>
      (await apiRequest<ResponseValue<typeof countryCodesResponseSchema>>('/relay/getCountryCode')).countries,
    staleTime: Infinity,
  }).data;
