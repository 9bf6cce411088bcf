import * as repository from '../lottery.repository';
import type { LotteryBrand, LotteryContext, LotteryMember } from './lottery-context';
import { toBet } from './lottery-views';

/** A member's lottery bets, newest first, optionally of one game, one draw or one status. */
export const listMemberBets = async (
  { db, ledger }: Pick<LotteryContext, 'db' | 'ledger'>,
  member: LotteryMember,
  brand: LotteryBrand,
  query: {
    gameCode?: string | undefined;
    drawId?: string | undefined;
    status?: 'pending' | 'won' | 'lost' | undefined;
    page: number;
    pageSize: number;
  },
) => {
  let drawId: bigint | undefined;
  if (query.drawId !== undefined) {
    const draw = await repository.findDrawByPublicId(db, brand.id, query.drawId);
    if (!draw) return { bets: [], total: 0, totalPages: 0 };
    drawId = draw.id;
  }
  const { rows, total } = await repository.listMemberBets(
    db,
    { memberId: member.id, gameCode: query.gameCode, drawId, status: query.status },
    { limit: query.pageSize, offset: (query.page - 1) * query.pageSize },
  );
  const exponent = await ledger.getCurrencyExponent(brand.currency);
  return {
    bets: rows.map((row) => toBet(row.bet, row.drawPublicId, exponent)),
    total,
    totalPages: Math.ceil(total / query.pageSize),
  };
};
