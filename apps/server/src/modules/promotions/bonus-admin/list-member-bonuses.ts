import type { MemberBonuses } from '@wps/contracts/promotions-admin';
import type { AdminBrand, PromotionAdminDependencies } from '../promotion-definitions/definition-types';
import { memberOf } from './member-of';

/** A member's active bonus (with what is left of it) and their bonus history, for staff. */
export const listMemberBonuses = async (
  deps: Pick<PromotionAdminDependencies, 'members' | 'bonuses'>,
  brand: AdminBrand,
  username: string,
): Promise<MemberBonuses> => {
  const member = await memberOf(deps, brand, username);
  const bonuses = await deps.bonuses.list({
    brandId: brand.id,
    memberId: member.id,
    currency: brand.currency,
  });
  return { member: { id: member.id.toString(), username: member.username }, ...bonuses };
};
