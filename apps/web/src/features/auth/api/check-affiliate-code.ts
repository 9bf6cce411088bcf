import { useQuery } from '@tanstack/react-query';
import type { affiliateResponseSchema } from '@wps/contracts/auth';
import type { ResponseValue } from '@wps/contracts/envelope';
import { apiRequest } from '../../../lib/api-client';

/** True when the code belongs to an agent of the brand; any failure means it cannot be used. */
export const checkAffiliateCode = async (code: string, domain: string): Promise<boolean> => {
  try {
    await apiRequest<ResponseValue<typeof affiliateResponseSchema>>('/agent/affiliate', {
      query: { code, domain },
    });
    return true;
  } catch {
    return false;
  }
};

/** The check of an affiliate code the address brought, once per code: null while it is being asked. */
export const useAffiliateCodeCheck = (code: string | null, domain: string): boolean | null => {
  const query = useQuery({
    queryKey: ['auth', 'affiliate', code, domain],
    queryFn: () => checkAffiliateCode(code ?? '', domain),
    enabled: code !== null,
    staleTime: Infinity,
    retry: false,
  });
  return query.data ?? null;
};
