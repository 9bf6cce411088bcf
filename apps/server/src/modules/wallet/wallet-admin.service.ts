import { formatMinorUnits } from '@wps/contracts/money';
import type { Database } from '../../db/database';
import { AppError } from '../../http/app-error';
import { type AuditActor, listAuditEventsPage, recordAuditEvent } from '../audit/audit.service';
import type { MemberService } from '../members/members.service';
import type { MessageService } from '../messages/messages.service';
import type { TurnoverService } from '../turnover/turnover.service';
import type { FundsService } from './funds.service';
import type { LedgerService } from './ledger.service';
import type { RecordsService } from './records.service';
import type { WalletService } from './wallet.service';
import { assertMayMoveMoney, type WalletBrand } from './wallet-context';

export type AdjustmentRequest = { username: string; amount: string; reason: string; requestId: string };
type StaffActor = AuditActor & { type: 'staff' };

/** How many of the newest account records the operator's view of a member shows. */
const memberViewRecords = 20;

/**
 * The operator's side of wallets: manual adjustments (audited, with the member told why), a member's funds
 * at a glance, and the audit trail.
 */
export const createWalletAdminService = ({
  db,
  ledger,
  wallet,
  members,
  messages,
  turnover,
  funds,
  records,
}: {
  db: Database;
  ledger: LedgerService;
  wallet: WalletService;
  members: MemberService;
  messages: MessageService;
  turnover: TurnoverService;
  funds: FundsService;
  records: RecordsService;
}) => {
  const findMember = async (brand: WalletBrand, username: string) => {
    const member = await members.findByUsername(brand.id, username);
    if (!member) {
      const message = 'No member of this brand has this username';
      throw new AppError('NOT_FOUND', { message, issues: [{ field: 'username', message }] });
    }
    return member;
  };

  /**
   * Credits (positive) or debits (negative) a member's main wallet against the brand's adjustment account. A
   * debit beyond the balance is refused by the ledger (INSUFFICIENT_FUNDS); the audit row and the member's
   * message commit with the money, and a retry of the same request id answers the original adjustment.
   */
  const adjust = async (actor: StaffActor, brand: WalletBrand, request: AdjustmentRequest) => {
    const member = await findMember(brand, request.username);
    // Trial accounts play with pretend money; real money must not reach them, even by an operator.
    assertMayMoveMoney(member);
    const amount = await wallet.parseAmount(request.amount, brand.currency, 'amount', {
      allowNegative: true,
    });
    const [cash, counterpart, exponent] = await Promise.all([
      wallet.cashAccount(member, brand.currency),
      ledger.ensureSystemAccount(brand.id, 'adjustment', brand.currency),
      ledger.getCurrencyExponent(brand.currency),
    ]);
    const format = (value: bigint) => formatMinorUnits(value, exponent);
    const outcome = await db.transaction(async (tx) => {
      const posting = await ledger.post(
        {
          brandId: brand.id,
          idempotencyKey: `adjustment:${actor.id}:${request.requestId}`,
          kind: 'adjustment',
          memo: request.reason,
          legs: [
            { accountId: counterpart.id, amount: -amount },
            { accountId: cash.id, amount },
          ],
        },
        { executor: tx },
      );
      const after = posting.entries.find((entry) => entry.accountId === cash.id)?.balanceAfter ?? 0n;
      const before = after - amount;
      if (!posting.isReplay) {
        await recordAuditEvent(tx, {
          actor,
          action: 'wallet.adjustment',
          entityType: 'member',
          entityId: member.id.toString(),
          before: { balance: format(before) },
          after: {
            balance: format(after),
            amount: format(amount),
            currency: brand.currency,
            reason: request.reason,
            username: member.username,
            transactionId: posting.transactionId.toString(),
          },
        });
        await messages.send(tx, {
          brandId: brand.id,
          memberId: member.id,
          kind: 'adjustment',
          params: { amount: format(amount), currency: brand.currency, reason: request.reason },
          title: 'Balance adjusted',
          body: `Your balance was adjusted by ${format(amount)} ${brand.currency}: ${request.reason}`,
        });
      }
      return { posting, before, after };
    });
    if (!outcome.posting.isReplay) {
      wallet.notifyBalance(member.id);
      messages.notify(member.id);
    }
    return {
      transactionId: outcome.posting.transactionId.toString(),
      balanceBefore: format(outcome.before),
      balanceAfter: format(outcome.after),
    };
  };

  const memberWallet = async (brand: WalletBrand, username: string) => {
    const member = await findMember(brand, username);
    const [memberFunds, remaining, latest, exponent] = await Promise.all([
      funds.consolidated(member, brand),
      turnover.remaining(member.id, brand.currency),
      records.latest(member, brand, memberViewRecords),
      ledger.getCurrencyExponent(brand.currency),
    ]);
    return {
      member: { id: member.id.toString(), account: member.username, realName: member.payeeName },
      funds: memberFunds,
      turnoverRemaining: formatMinorUnits(remaining, exponent),
      records: latest,
    };
  };

  const auditList = async (query: {
    entityType?: string | undefined;
    entityId?: string | undefined;
    pageNo: number;
    pageSize: number;
  }) => {
    const { rows, total } = await listAuditEventsPage(db, query, query);
    return {
      list: rows.map((row) => ({
        id: row.id.toString(),
        actorType: row.actorType,
        actorId: row.actorId,
        actorIp: row.actorIp,
        action: row.action,
        entityType: row.entityType,
        entityId: row.entityId,
        before: row.before,
        after: row.after,
        createdAt: row.createdAt.toISOString(),
      })),
      totalPages: Math.ceil(total / query.pageSize),
    };
  };

  return { adjust, memberWallet, auditList };
};

export type WalletAdminService = ReturnType<typeof createWalletAdminService>;
