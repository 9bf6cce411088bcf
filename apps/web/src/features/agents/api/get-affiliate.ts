import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { affiliateLinkResponseSchema, affiliateLinksResponseSchema } from '@wps/contracts/agents';
import type { ResponseValue } from '@wps/contracts/envelope';
import { apiRequest } from '../../../lib/api-client';
import { agentQueryKeys } from './agent-query-keys';

export type AffiliateLink = ResponseValue<typeof affiliateLinkResponseSchema>;

/** The agent's affiliate links; its own code comes first (the server creates it on the first call). */
export const useAffiliateLinks = () =>
  useQuery({
    queryKey: agentQueryKeys.affiliate,
    queryFn: ({ signal }) =>
      apiRequest<ResponseValue<typeof affiliateLinksResponseSchema>>('/agent/affiliate-links', { signal }),
    staleTime: 60_000,
  });

/** A further link: one that registers players, or one that registers sub-agents. */
export const useCreateAffiliateLink = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { isAgentLink: boolean }) =>
      apiRequest<AffiliateLink>('/agent/affiliate-links', { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: agentQueryKeys.affiliate }),
  });
};
