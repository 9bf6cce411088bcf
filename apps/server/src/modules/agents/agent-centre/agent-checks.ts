import { isAgentType, isTrialType } from '@wps/contracts/auth';
import { AppError } from '../../../http/app-error';
import type { MemberRow } from '../../members/members.service';
import * as repository from '../agents.repository';
import type { AgentServiceDependencies } from './agent-centre-types';

/** Only a real (not free-play) agent has an agent centre. */
export const assertAgent = (member: MemberRow): void => {
  if (!isAgentType(member.type) || isTrialType(member.type)) throw new AppError('NOT_AN_AGENT');
};

/** A refusal of one field of the request, shown beside that field. */
export const invalidField = (field: string, message: string): AppError =>
  new AppError('VALIDATION_FAILED', { message, issues: [{ field, message }] });

/** A member of the agent's downline by name, or NOT_IN_YOUR_LINE (also for unknown names and the agent). */
export const findDownlineMember = async (
  { db, members }: Pick<AgentServiceDependencies, 'db' | 'members'>,
  agent: MemberRow,
  username: string,
): Promise<MemberRow> => {
  const member = await members.findByUsername(agent.brandId, username);
  const level = member ? await repository.findLevelBelow(db, agent.id, member.id) : null;
  if (!member || level === null || level < 1) throw new AppError('NOT_IN_YOUR_LINE');
  return member;
};
