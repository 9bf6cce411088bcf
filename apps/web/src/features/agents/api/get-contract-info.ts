import { useQuery } from '@tanstack/react-query';
import type { consolidatedContractInfoResponseSchema } from '@wps/contracts/agent-contracts';
import type { ResponseValue } from '@wps/contracts/envelope';
import { isWhitelabelEnabled } from '@wps/contracts/site-rules';
import { apiRequest } from '../../../lib/api-client';
import { useSession } from '../../auth/api/use-session';
import { usePermission } from '../../site/api/get-permission';
import { agentQueryKeys } from './agent-query-keys';

export type ConsolidatedContractInfo = ResponseValue<typeof consolidatedContractInfoResponseSchema>;

/**
 * Spec section 4: after login, non-trial members load the consolidated contract info, and only when the
 * brand's AGENTPOLICY3 is on. Contracts exist only between agents, so a plain member's site does not ask.
 * Undefined while it loads or when it is not loaded at all.
 */
export const useContractInfo = (): ConsolidatedContractInfo | undefined => {
  const { whitelabel } = usePermission().info;
  const { isAgent, isTrial, token } = useSession();
  const isAllowed = isAgent && !isTrial && isWhitelabelEnabled(whitelabel, 'AGENTPOLICY3');
  const query = useQuery({
    queryKey: [...agentQueryKeys.contractInfo, token],
    queryFn: ({ signal }) =>
      apiRequest<ConsolidatedContractInfo>('/agent/contracts/consolidated', { signal }),
    enabled: isAllowed,
    staleTime: 30_000,
    retry: false,
  });
  return isAllowed ? query.data : undefined;
};

/** Whether a request (a new contract or a termination) waits for the member in any kind. */
export const hasWaitingContractRequest = (info: ConsolidatedContractInfo | undefined): boolean =>
  info !== undefined &&
  info.enabled &&
  [info.divtypereq, info.dailysalreqtype, info.contracthoursalreq, info.realtimesalreqtype].some(
    (request) => request !== 0,
  );
