import type { Database } from '../../../db/database';
import { AppError } from '../../../http/app-error';
import type { AuditActor } from '../../audit/audit.service';
import type { MemberRow, MemberService } from '../../members/members.service';
import type { MessageService } from '../../messages/messages.service';
import type { TurnoverService } from '../../turnover/turnover.service';
import type { FundsService } from '../funds.service';
import type { LedgerService } from '../ledger.service';
import type { RecordsService } from '../records.service';
import type { WalletService } from '../wallet.service';
import type { WalletBrand } from '../wallet-context';

export type WalletAdminServiceDependencies = {
  db: Database;
  ledger: LedgerService;
  wallet: WalletService;
  members: MemberService;
  messages: MessageService;
  turnover: TurnoverService;
  funds: FundsService;
  records: RecordsService;
};

export type AdjustmentRequest = { username: string; amount: string; reason: string; requestId: string };
export type StaffActor = AuditActor & { type: 'staff' };
/** A staff member acting: who for the audit trail, and the username the approvals list shows. */
export type StaffMember = StaffActor & { username: string };

/** The brand's member of this username; an unknown one is NOT_FOUND on the username field. */
export const findBrandMember = async (
  { members }: Pick<WalletAdminServiceDependencies, 'members'>,
  brand: WalletBrand,
  username: string,
): Promise<MemberRow> => {
  const member = await members.findByUsername(brand.id, username);
  if (!member) {
    const message = 'No member of this brand has this username';
    throw new AppError('NOT_FOUND', { message, issues: [{ field: 'username', message }] });
  }
  return member;
};
