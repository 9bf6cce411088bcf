import type {
  ConvertRequest,
  LoyaltySettingsBody,
  MallItemBody,
  PointAdjustmentRequest,
  RedeemRequest,
  RedemptionActionRequest,
} from '@wps/contracts/loyalty-points';
import type { AuditActor } from '../audit/audit.service';
import type { LoyaltyBatch } from './fold/fold-types';
import type { Transaction } from '../../db/database';
import * as repository from './points.repository';
import { convertPoints } from './points/convert-points';
import { earnPoints, warmPointsAccounts } from './points/earn-points';
import { listMallItems, readMallItemImage } from './points/list-mall-items';
import { listPointTransactions } from './points/list-point-transactions';
import { listMemberRedemptions } from './points/list-redemptions';
import { createMallItem, listAdminMallItems, updateMallItem } from './points/mall-items-admin';
import { getPointBalance, getPointConfig } from './points/point-balance';
import { adjustPoints, getPointSettings, updatePointSettings } from './points/point-settings';
import type { PointsDependencies, PointsMember } from './points/points-types';
import { redeemItem } from './points/redeem-item';
import { listAdminRedemptions, updateRedemption } from './points/update-redemption';

export type { PointsMember } from './points/points-types';
export { pointBalance, postPoints } from './points/point-ledger';
export type { PointMovement, PointPosting } from './points/point-ledger';

/** A brand's operator acting on the points mall, in the brand's currency. */
export type PointsOperator = { brandId: bigint; currency: string; actor: AuditActor };

/** Points and the points mall: earning (a fold consumer), the member's calls and the operator's. */
export const createPointsService = (deps: PointsDependencies) => {
  /** Points account ids by owner, kept across the fold's batches (see `earnPoints`). */
  const accounts = new Map<string, bigint>();
  const fresh = new Set<bigint>();
  const rounds = { lastAt: deps.now().getTime(), intervalMs: deps.pointsRoundMs };
  return {
    /** The fold's consumer: points for the batch's deposits and valid bets. */
    earn: (tx: Transaction, batch: LoyaltyBatch) =>
      earnPoints({ ...deps, accounts, fresh, rounds }, tx, batch),
    /** After the fold's commit: the ledger caches the points accounts the batch used first (not waited for). */
    warmAccounts: () => {
      warmPointsAccounts({ ledger: deps.ledger, fresh });
      return Promise.resolve();
    },

    balance: (member: PointsMember) => getPointBalance(deps, member),
    config: (member: PointsMember) => getPointConfig(deps, member),
    mallItems: (member: PointsMember, language: string) => listMallItems(deps, member, language),
    itemImage: (brandId: bigint, itemId: bigint) => readMallItemImage(deps, brandId, itemId),
    /** Which of these uploads a mall item shows (the upload purge keeps them). */
    findReferencedUploads: (candidates: readonly { id: string }[]) =>
      repository.listItemImageUploads(
        deps.db,
        candidates.map((candidate) => candidate.id),
      ),
    redemptions: (
      member: PointsMember,
      query: { pageNo: number; pageSize: number; status?: string | undefined },
      language: string,
    ) => listMemberRedemptions(deps, member, query, language),
    transactions: (member: PointsMember, query: { pageSize: number; beforeId?: string | undefined }) =>
      listPointTransactions(deps, member, query),
    redeem: (member: PointsMember, request: RedeemRequest, language: string) =>
      redeemItem(deps, member, request, language),
    convert: (member: PointsMember, request: ConvertRequest) => convertPoints(deps, member, request),

    admin: {
      listItems: (operator: PointsOperator) => listAdminMallItems(deps, operator),
      createItem: (operator: PointsOperator, body: MallItemBody) => createMallItem(deps, operator, body),
      updateItem: (operator: PointsOperator, itemId: bigint, body: MallItemBody) =>
        updateMallItem(deps, operator, itemId, body),
      listRedemptions: (
        operator: PointsOperator,
        query: { pageNo: number; pageSize: number; status?: string | undefined },
      ) => listAdminRedemptions(deps, operator, query),
      updateRedemption: (operator: PointsOperator, redemptionId: bigint, request: RedemptionActionRequest) =>
        updateRedemption(deps, operator, redemptionId, request),
      settings: (operator: PointsOperator) => getPointSettings(deps, operator.brandId),
      updateSettings: (operator: PointsOperator, body: LoyaltySettingsBody) =>
        updatePointSettings(deps, operator, body),
      adjust: (operator: PointsOperator, request: PointAdjustmentRequest) =>
        adjustPoints(deps, operator, request),
    },
  };
};

export type PointsService = ReturnType<typeof createPointsService>;
