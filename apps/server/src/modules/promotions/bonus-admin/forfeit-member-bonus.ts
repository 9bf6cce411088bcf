import type { ForfeitBonusRequest, MemberBonuses } from '@wps/contracts/promotions-admin';
import { AppError } from '../../../http/app-error';
import { recordAuditEvent } from '../../audit/audit.service';
import { endBonus } from '../bonuses/end-bonus';
import { lockMemberBonuses } from '../bonuses/grant-bonus';
import * as bonusRepository from '../bonuses.repository';
import type {
  AdminBrand,
  PromotionAdminDependencies,
  StaffActor,
} from '../promotion-definitions/definition-types';
import { listMemberBonuses } from './list-member-bonuses';
import { memberOf } from './member-of';

/**
 * Staff end a member's active bonus: what is left of it returns to the house in one posting under the bonus's
 * key, and the audit event (with the reason) commits with it. Without an active bonus: NOT_FOUND.
 */
export const forfeitMemberBonus = async (
  deps: Pick<PromotionAdminDependencies, 'db' | 'ledger' | 'wallet' | 'members' | 'bonuses' | 'now'>,
  actor: StaffActor,
  brand: AdminBrand,
  username: string,
  request: ForfeitBonusRequest,
): Promise<MemberBonuses> => {
  const member = await memberOf(deps, brand, username);
  await deps.db.transaction(async (tx) => {
    await lockMemberBonuses(tx, member.id);
    const active = await bonusRepository.lockActiveBonus(tx, member.id, brand.currency);
    if (!active) throw new AppError('NOT_FOUND', { message: 'This member has no active bonus.' });
    const ended = await endBonus(deps, tx, active, 'forfeited');
    await recordAuditEvent(tx, {
      actor,
      action: 'bonus.forfeit',
      entityType: 'member_bonus',
      entityId: ended.id.toString(),
      before: { status: active.status, wageringDone: active.wageringDone.toString() },
      after: {
        member: member.username,
        status: ended.status,
        returned: ended.settledAmount?.toString() ?? '0',
        reason: request.reason,
      },
    });
  });
  deps.wallet.notifyBalance(member.id);
  return listMemberBonuses(deps, brand, username);
};
