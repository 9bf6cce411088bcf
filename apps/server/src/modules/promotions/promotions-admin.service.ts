import type {
  ForfeitBonusRequest,
  GrantBonusRequest,
  PromotionStatusAction,
} from '@wps/contracts/promotions-admin';
import { forfeitMemberBonus } from './bonus-admin/forfeit-member-bonus';
import { grantMemberBonus } from './bonus-admin/grant-member-bonus';
import { listMemberBonuses } from './bonus-admin/list-member-bonuses';
import { changePromotionStatus } from './promotion-definitions/change-promotion-status';
import { createPromotion } from './promotion-definitions/create-promotion';
import type {
  AdminBrand,
  PromotionAdminDependencies,
  StaffActor,
} from './promotion-definitions/definition-types';
import { getPromotion, listPromotions } from './promotion-definitions/list-promotions';
import type { PromotionInput } from './promotion-definitions/promotion-values';
import { updatePromotion } from './promotion-definitions/update-promotion';
import * as repository from './promotions.repository';

export type {
  AdminBrand,
  PromotionAdminDependencies,
  StaffActor,
} from './promotion-definitions/definition-types';
export type { PromotionInput } from './promotion-definitions/promotion-values';

/**
 * The operator's side of promotions: the brand's promotions (listed, created, edited, published, paused,
 * resumed, ended; every change audited in its transaction) and staff actions on a member's bonus (grant,
 * forfeit, list).
 */
export const createPromotionAdminService = (deps: PromotionAdminDependencies) => ({
  list: (brandId: bigint, filter: { kind?: string | undefined; status?: string | undefined }) =>
    listPromotions(deps, brandId, filter),
  get: (brandId: bigint, id: bigint) => getPromotion(deps, brandId, id),
  create: (actor: StaffActor, brand: AdminBrand, input: PromotionInput) =>
    createPromotion(deps, actor, brand, input),
  update: (actor: StaffActor, brand: AdminBrand, id: bigint, input: PromotionInput) =>
    updatePromotion(deps, actor, brand, id, input),
  changeStatus: (actor: StaffActor, brandId: bigint, id: bigint, action: PromotionStatusAction) =>
    changePromotionStatus(deps, actor, brandId, id, action),
  memberBonuses: (brand: AdminBrand, username: string) => listMemberBonuses(deps, brand, username),
  grantBonus: (actor: StaffActor, brand: AdminBrand, username: string, request: GrantBonusRequest) =>
    grantMemberBonus(deps, actor, brand, username, request),
  forfeitBonus: (actor: StaffActor, brand: AdminBrand, username: string, request: ForfeitBonusRequest) =>
    forfeitMemberBonus(deps, actor, brand, username, request),
  /** Which of these uploads a promotion shows (the upload purge keeps them). */
  findReferencedUploads: async (candidates: readonly { id: string }[]) =>
    repository.listPromotionImageUploads(
      deps.db,
      candidates.map((candidate) => candidate.id),
    ),
});

export type PromotionAdminService = ReturnType<typeof createPromotionAdminService>;
