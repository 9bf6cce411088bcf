import { isAgentType } from '@wps/contracts/auth';
import { findDatabaseError } from '../../../db/database-errors';
import { AppError } from '../../../http/app-error';
import { type AuditActor, recordAuditEvent } from '../../audit/audit.service';
import * as repository from '../agents.repository';
import type { AgentServiceDependencies } from './agent-centre-types';

export type MoveMemberDependencies = Pick<AgentServiceDependencies, 'db' | 'members'>;
/** `newUpline` null: the member (and its subtree) moves to the top of the tree. */
export type MoveMemberRequest = { username: string; newUpline: string | null; reason: string };

/** The tree trigger's refusal of a move under the member's own downline (a move that raced the check). */
const isTreeCycleError = (error: unknown): boolean =>
  findDatabaseError(error)?.constraint === 'member_tree_no_cycle';

/**
 * Operator: a member and its whole subtree to a new upline (an agent of the same brand) or to the top.
 * The tree trigger moves the paths and refuses a cycle; the audit row commits with the move.
 */
export const moveMember = async (
  { db, members }: MoveMemberDependencies,
  actor: AuditActor,
  brandId: bigint,
  request: MoveMemberRequest,
) => {
  const member = await members.findByUsername(brandId, request.username);
  if (!member) throw new AppError('NOT_FOUND', { message: 'No such member.' });
  const upline = request.newUpline === null ? null : await members.findByUsername(brandId, request.newUpline);
  if (request.newUpline !== null && !upline) throw new AppError('NOT_FOUND', { message: 'No such upline.' });
  if (upline && !isAgentType(upline.type)) throw new AppError('NOT_AN_AGENT');
  if (upline && (await repository.findLevelBelow(db, member.id, upline.id)) !== null) {
    throw new AppError('AGENT_TREE_CYCLE');
  }
  const previous = member.uplineId === null ? undefined : await members.findById(member.uplineId);
  const movedMembers = await db
    .transaction(async (tx) => {
      await members.update(tx, member.id, { uplineId: upline?.id ?? null });
      await recordAuditEvent(tx, {
        actor,
        action: 'agents.member.move',
        entityType: 'member',
        entityId: member.id.toString(),
        before: { upline: previous?.username ?? null },
        after: { upline: upline?.username ?? null, reason: request.reason },
      });
      return repository.countSubtree(tx, member.id);
    })
    .catch((error: unknown) => {
      throw isTreeCycleError(error) ? new AppError('AGENT_TREE_CYCLE') : error;
    });
  return {
    account: member.username,
    previousUpline: previous?.username ?? null,
    newUpline: upline?.username ?? null,
    movedMembers,
  };
};
