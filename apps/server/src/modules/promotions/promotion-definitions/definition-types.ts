import type { Promotion } from '@wps/contracts/promotions';
import type { Database } from '../../../db/database';
import { AppError } from '../../../http/app-error';
import type { AuditActor } from '../../audit/audit.service';
import type { MemberService, PlayBlockSource } from '../../members/members.service';
import type { UploadService } from '../../uploads/uploads.service';
import type { LedgerService } from '../../wallet/ledger.service';
import type { WalletService } from '../../wallet/wallet.service';
import type { BonusService } from '../bonuses.service';
import type { PromotionRow } from '../promotions.repository';

/** What the operator's promotion and bonus use cases work with. */
export type PromotionAdminDependencies = {
  db: Database;
  ledger: LedgerService;
  wallet: WalletService;
  members: MemberService;
  uploads: UploadService;
  bonuses: BonusService;
  now: () => Date;
  /** Whether player protection refuses the member's play now: staff grant no bonus while it does. */
  isPlayBlocked: PlayBlockSource;
};

/** The brand the operator acts on: amounts are in its currency. */
export type AdminBrand = { id: bigint; currency: string };

/** The staff member acting, for the audit trail. */
export type StaffActor = AuditActor & { type: 'staff' };

/** A promotion as the operator edits it. */
export const toPromotion = (row: PromotionRow): Promotion => ({
  id: row.id.toString(),
  kind: row.kind as Promotion['kind'],
  category: row.category as Promotion['category'],
  status: row.status as Promotion['status'],
  startsAt: row.startsAt.toISOString(),
  endsAt: row.endsAt?.toISOString() ?? null,
  content: row.content,
  imageUploadId: row.imageUploadId,
  claimLimit: row.claimLimit,
  sortOrder: row.sortOrder,
  turnoverPercent: row.turnoverPercent,
  eligibility: row.eligibility,
  config: row.config,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export const promotionNotFound = (id: bigint) =>
  new AppError('NOT_FOUND', { message: `No promotion ${id} on this brand.` });

/** The audit trail's name of a promotion row. */
export const promotionEntity = 'promotion';
