import type { Redemption } from '@wps/contracts/loyalty-points';
import * as repository from '../points.repository';
import { redemptionView } from './point-views';
import type { PointsDependencies, PointsMember } from './points-types';

/** The member's redeem history, newest first, one page. */
export const listMemberRedemptions = async (
  deps: Pick<PointsDependencies, 'db' | 'ledger'>,
  member: PointsMember,
  query: { pageNo: number; pageSize: number; status?: string | undefined },
  language: string,
): Promise<{ list: Redemption[]; total: number; totalPages: number }> => {
  const { rows, total } = await repository.listRedemptions(
    deps.db,
    { brandId: member.brandId, memberId: member.memberId, status: query.status },
    query,
  );
  const exponent = await deps.ledger.getCurrencyExponent(member.currency);
  return {
    list: rows.map((row) => redemptionView(row.redemption, row.item, exponent, language)),
    total,
    totalPages: Math.ceil(total / query.pageSize),
  };
};
