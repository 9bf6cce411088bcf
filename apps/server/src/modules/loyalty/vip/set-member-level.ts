import type { MemberVipLevelChange, SetMemberVipLevelBody } from '@wps/contracts/loyalty-vip';
import { AppError } from '../../../http/app-error';
import { type AuditActor, recordAuditEvent } from '../../audit/audit.service';
import * as repository from '../vip.repository';
import { dayIn, periodStartOf } from './vip-periods';
import { keepPeriodOf, type VipDependencies } from './vip-types';

type Brand = { id: bigint; currency: string; timeZone: string };

/**
 * Staff set a member's level by hand, audited with the reason, once per request id ('staff:<requestId>': a
 * repeat answers the first change). The keep period starts again with the period running now. The highest rank
 * is left alone, so a level reached later by play still pays its level-up bonus.
 */
export const setMemberVipLevel = async (
  deps: VipDependencies,
  actor: AuditActor,
  brand: Brand,
  body: SetMemberVipLevelBody,
): Promise<MemberVipLevelChange> => {
  const member = await deps.members.findByUsername(brand.id, body.username);
  if (!member) throw new AppError('ACCOUNT_NOT_FOUND');
  const reference = `staff:${body.requestId}`;
  return deps.db.transaction(async (tx) => {
    const answer = (fromRank: number, toRank: number) => ({
      memberId: member.id.toString(),
      username: member.username,
      fromRank,
      toRank,
    });
    const levels = await repository.listLevels(tx, brand.id);
    const level = levels.find((candidate) => candidate.rank === body.rank);
    if (!level && body.rank !== 0) {
      throw new AppError('VALIDATION_FAILED', {
        message: `The brand has no VIP level of rank ${body.rank}.`,
        issues: [{ field: 'rank', message: 'No such level' }],
      });
    }
    const [current] = await repository.lockMemberLevels(tx, [member.id]);
    const earlier = await repository.findLevelChange(tx, member.id, reference);
    if (earlier) return answer(earlier.fromRank, earlier.toRank);
    const now = deps.now();
    const fromRank = current?.rank ?? 0;
    await repository.saveMemberLevel(tx, {
      memberId: member.id,
      brandId: brand.id,
      rank: body.rank,
      highestRank: current?.highestRank ?? 0,
      periodStart: periodStartOf(dayIn(now, brand.timeZone), level ? keepPeriodOf(level) : 'month'),
      at: now,
    });
    await repository.insertLevelChange(tx, {
      brandId: brand.id,
      memberId: member.id,
      fromRank,
      toRank: body.rank,
      reason: 'staff',
      reference,
      createdAt: now,
    });
    await recordAuditEvent(tx, {
      actor,
      action: 'loyalty.vip_member_level.set',
      entityType: 'member',
      entityId: member.id.toString(),
      before: { rank: fromRank },
      after: { rank: body.rank, reason: body.reason, requestId: body.requestId },
    });
    return answer(fromRank, body.rank);
  });
};
