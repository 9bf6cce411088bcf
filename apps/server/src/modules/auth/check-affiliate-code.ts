import { AppError } from '../../http/app-error';
import type { VisitorContext } from '../../http/request-context';
import type { AuthUseCaseDependencies } from './auth.service';

/** The agent account an affiliate code belongs to; INVALID_AFFILIATE_CODE when no agent has it. */
export const checkAffiliateCode = async (
  { site, members }: Pick<AuthUseCaseDependencies, 'site' | 'members'>,
  visitor: VisitorContext,
  code: string,
) => {
  const context = await site.getBrandContext(visitor);
  const agent = await members.findAgentByAffiliateCode(context.brand.id, code.trim());
  if (!agent) throw new AppError('INVALID_AFFILIATE_CODE');
  return { agentAccount: agent.username };
};
