import type { Database } from '../../../db/database';
import type { MemberService } from '../../members/members.service';
import type { RewardService } from '../../promotions/rewards.service';
import type { TurnoverService } from '../../turnover/turnover.service';
import type { UploadService } from '../../uploads/uploads.service';
import type { LedgerService } from '../../wallet/ledger.service';

export type PointsDependencies = {
  db: Database;
  ledger: LedgerService;
  turnover: TurnoverService;
  rewards: Pick<RewardService, 'create'>;
  members: Pick<MemberService, 'checkPaymentPassword'>;
  /** Item pictures: operator uploads (POST /wps/backoffice/uploads), shown by the mall's image route. */
  uploads: Pick<UploadService, 'read'>;
  now: () => Date;
  /** How long points rounds are apart at most (the points earned wait that long to be credited). */
  pointsRoundMs: number;
};

/** The member acting, in their brand's currency. */
export type PointsMember = { brandId: bigint; memberId: bigint; currency: string };
