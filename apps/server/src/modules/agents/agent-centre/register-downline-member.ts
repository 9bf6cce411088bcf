import type { AgentRegisterRequest } from '@wps/contracts/agents';
import { MemberType } from '@wps/contracts/auth';
import { isCommonPassword } from '@wps/contracts/common-passwords';
import {
  checkPassword,
  checkRegisterField,
  formatRuleMessage,
  validationMessagesEn,
} from '@wps/contracts/validation-rules';
import { AppError } from '../../../http/app-error';
import { hashPassword } from '../../../lib/password-hashing';
import { type AuditOrigin, recordAuditEvent } from '../../audit/audit.service';
import type { MemberRow } from '../../members/members.service';
import type { BrandContext } from '../../site/site.service';
import type { AgentServiceDependencies } from './agent-centre-types';
import { assertAgent, invalidField } from './agent-checks';

export type RegisterDownlineMemberDependencies = Pick<AgentServiceDependencies, 'db' | 'members'>;

/**
 * registerCenter: the agent creates a member or a sub-agent directly under itself; the brand's username rule and
 * the password policy apply, as on the register page. The password is the agent's choice, so the member must
 * change it at the first login before doing anything else. Audited as the agent's action, with the new member.
 */
export const registerDownlineMember = async (
  { db, members }: RegisterDownlineMemberDependencies,
  agent: MemberRow,
  context: BrandContext,
  request: AgentRegisterRequest,
  origin: AuditOrigin = {},
) => {
  assertAgent(agent);
  const { fields } = context.register;
  const problems = [
    [
      'username',
      checkRegisterField('username', request.username, {
        ...fields.username,
        enabled: true,
        required: true,
      }),
    ],
    ['password', checkPassword(request.password, fields.password, isCommonPassword)],
  ] as const;
  for (const [field, problem] of problems) {
    if (problem) {
      throw invalidField(
        field,
        formatRuleMessage(validationMessagesEn[problem.key] ?? problem.key, problem.values),
      );
    }
  }
  const username = request.username.trim();
  const type = request.isAgent === true ? MemberType.agent : MemberType.member;
  const passwordHash = await hashPassword(request.password);
  const member = await db.transaction(async (tx) => {
    const created = await members.create(tx, {
      brandId: agent.brandId,
      username,
      nickname: request.nickname?.trim() || username,
      type,
      passwordHash,
      // The agent chose the password and knows it: the member replaces it at the first login.
      mustChangePassword: true,
      uplineId: agent.id,
      registerDomain: 'agent-centre',
    });
    if (created) {
      await recordAuditEvent(tx, {
        actor: { type: 'agent', id: agent.id.toString(), ...origin },
        action: 'agents.downline.register',
        entityType: 'member',
        entityId: created.id.toString(),
        after: { username: created.username, type: created.type, upline: agent.username },
      });
    }
    return created;
  });
  if (!member) throw new AppError('USERNAME_TAKEN');
  return { account: member.username, type: member.type, upline: agent.username };
};
