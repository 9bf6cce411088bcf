import { AppError } from '../../../http/app-error';
import type { MemberRow } from '../../members/members.service';
import type { AdminBrand, PromotionAdminDependencies } from '../promotion-definitions/definition-types';

/** The brand's member of this username; an unknown one is NOT_FOUND on the username field. */
export const memberOf = async (
  { members }: Pick<PromotionAdminDependencies, 'members'>,
  brand: AdminBrand,
  username: string,
): Promise<MemberRow> => {
  const member = await members.findByUsername(brand.id, username);
  if (!member) {
    const message = 'No member of this brand has this username';
    throw new AppError('NOT_FOUND', { message, issues: [{ field: 'username', message }] });
  }
  return member;
};
