import type { Promotion } from '@wps/contracts/promotions';
import * as repository from '../promotions.repository';
import { type PromotionAdminDependencies, promotionNotFound, toPromotion } from './definition-types';

/** The brand's promotions, every status, newest first, as the operator edits them. */
export const listPromotions = async (
  { db }: Pick<PromotionAdminDependencies, 'db'>,
  brandId: bigint,
  filter: { kind?: string | undefined; status?: string | undefined },
): Promise<{ list: Promotion[] }> => ({
  list: (await repository.listBrandPromotions(db, brandId, filter)).map(toPromotion),
});

export const getPromotion = async (
  { db }: Pick<PromotionAdminDependencies, 'db'>,
  brandId: bigint,
  id: bigint,
): Promise<Promotion> => {
  const row = await repository.findBrandPromotion(db, brandId, id);
  if (!row) throw promotionNotFound(id);
  return toPromotion(row);
};
