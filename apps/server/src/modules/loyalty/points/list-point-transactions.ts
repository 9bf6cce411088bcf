import type { PointTransaction } from '@wps/contracts/loyalty-points';
import { pointsCurrency } from './point-ledger';
import type { PointsDependencies, PointsMember } from './points-types';

/** The member's points movements from the ledger (ODSFE2_MemTransDet), newest first, paged by entry id. */
export const listPointTransactions = async (
  deps: Pick<PointsDependencies, 'ledger'>,
  member: PointsMember,
  query: { pageSize: number; beforeId?: string | undefined },
): Promise<{ list: PointTransaction[]; nextBeforeId: string | null }> => {
  const account = await deps.ledger.ensureMemberAccount(
    member.brandId,
    member.memberId,
    pointsCurrency,
    'member_points',
  );
  const { entries, nextBeforeEntryId } = await deps.ledger.listEntries(account.id, {
    limit: query.pageSize,
    ...(query.beforeId === undefined ? {} : { beforeEntryId: BigInt(query.beforeId) }),
  });
  return {
    list: entries.map((entry) => ({
      id: entry.entryId.toString(),
      kind: entry.kind,
      points: entry.amount.toString(),
      balanceAfter: entry.balanceAfter.toString(),
      reference: entry.reference,
      memo: entry.memo,
      createdAt: entry.createdAt.toISOString(),
    })),
    nextBeforeId: nextBeforeEntryId === null ? null : nextBeforeEntryId.toString(),
  };
};
