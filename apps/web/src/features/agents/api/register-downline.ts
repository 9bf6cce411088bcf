import type { AgentRegisterRequest, agentRegisterResponseSchema } from '@wps/contracts/agents';
import type { ResponseValue } from '@wps/contracts/envelope';
import { apiRequest } from '../../../lib/api-client';

export type RegisteredDownline = ResponseValue<typeof agentRegisterResponseSchema>;

/** registerCenter: a member, or a sub-agent, created straight under the calling agent. */
export const registerDownline = (body: AgentRegisterRequest): Promise<RegisteredDownline> =>
  apiRequest<RegisteredDownline>('/agent/members', { method: 'POST', body });
