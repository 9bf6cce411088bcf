import type { createPayoutAccountRequestSchema, PayoutAccount } from '@wps/contracts/payments';
import type { z } from 'zod';
import type { Database, Executor } from '../../db/database';
import { AppError } from '../../http/app-error';
import { recordAuditEvent } from '../audit/audit.service';
import type { MemberRow, MemberService } from '../members/members.service';
import * as repository from './payout-accounts.repository';
import type { PayoutAccountRow } from './payout-accounts.repository';

export type CreatePayoutAccountRequest = z.infer<typeof createPayoutAccountRequestSchema>;

/** Enough for a member to pick an account, and little for anyone who sees the screen. */
export const maxActivePayoutAccounts = 5;

/** A name as people write it: surrounding and repeated spaces carry no meaning. */
export const normaliseName = (name: string): string => name.normalize('NFC').trim().replace(/\s+/g, ' ');

/** The same person's name, whatever the spacing and case. */
export const isSameName = (a: string, b: string): boolean =>
  normaliseName(a).toLowerCase() === normaliseName(b).toLowerCase();

/** Only the last four characters: enough for the member to recognise the account. */
export const maskAccountNumber = (accountNumber: string): string => `****${accountNumber.slice(-4)}`;

export const toPayoutAccount = (row: PayoutAccountRow): PayoutAccount => ({
  id: row.id.toString(),
  method: row.method,
  providerName: row.providerName,
  accountNumber: maskAccountNumber(row.accountNumber),
  holderName: row.holderName,
  createdAt: row.createdAt.toISOString(),
});

type Actor = { member: MemberRow; ip: string };
const memberActor = ({ member, ip }: Actor) => ({ type: 'member' as const, id: member.id.toString(), ip });

export type PayoutAccountServiceDependencies = { db: Database; members: MemberService };

/** The real name the holder must match; the first account sets it. Runs under the member's row lock. */
const matchRealName = async (
  { members }: Pick<PayoutAccountServiceDependencies, 'members'>,
  executor: Executor,
  actor: Actor,
  holderName: string,
): Promise<void> => {
  const member = await members.findById(actor.member.id, executor);
  if (!member) throw new AppError('UNAUTHORIZED');
  const realName = member.payeeName?.trim() ? member.payeeName : null;
  if (realName === null) {
    await members.update(executor, member.id, { payeeName: holderName });
    await recordAuditEvent(executor, {
      actor: memberActor(actor),
      action: 'member.real_name.set',
      entityType: 'member',
      entityId: member.id.toString(),
      before: { payeeName: member.payeeName },
      after: { payeeName: holderName },
    });
    return;
  }
  if (!isSameName(realName, holderName)) throw new AppError('PAYOUT_NAME_MISMATCH');
};

const listPayoutAccounts = async (
  { db, members }: PayoutAccountServiceDependencies,
  member: MemberRow,
): Promise<{ list: PayoutAccount[]; realName: string | null }> => {
  const [rows, fresh] = await Promise.all([
    repository.listActive(db, member.id),
    members.findById(member.id),
  ]);
  return { list: rows.map(toPayoutAccount), realName: fresh?.payeeName ?? null };
};

/** Adds the account under the member's row lock: holder checked against the real name, within the cap. */
const recordNewPayoutAccount = (
  deps: PayoutAccountServiceDependencies,
  actor: Actor,
  request: CreatePayoutAccountRequest,
  holderName: string,
): Promise<PayoutAccountRow> =>
  deps.db.transaction(async (tx) => {
    // Two first accounts at once must not set two different real names, nor pass the cap together.
    await deps.members.lock(tx, actor.member.id);
    await matchRealName(deps, tx, actor, holderName);
    if ((await repository.countActive(tx, actor.member.id)) >= maxActivePayoutAccounts) {
      const message = `At most ${maxActivePayoutAccounts} payout accounts`;
      throw new AppError('VALIDATION_FAILED', {
        message,
        details: { reason: 'payout_account_limit', limit: maxActivePayoutAccounts },
      });
    }
    const inserted = await repository.insertPayoutAccount(tx, {
      brandId: actor.member.brandId,
      memberId: actor.member.id,
      method: request.method,
      providerName: request.providerName,
      accountNumber: request.accountNumber,
      holderName,
    });
    if (!inserted) throw new AppError('PAYOUT_ACCOUNT_EXISTS');
    await recordAuditEvent(tx, {
      actor: memberActor(actor),
      action: 'payments.payout_account.add',
      entityType: 'payout_account',
      entityId: inserted.id.toString(),
      after: toPayoutAccount(inserted),
    });
    return inserted;
  });

const createPayoutAccount = async (
  deps: PayoutAccountServiceDependencies,
  actor: Actor,
  request: CreatePayoutAccountRequest,
): Promise<PayoutAccount> => {
  // Slow (argon2) and counted on its own row, so before the transaction.
  await deps.members.checkPaymentPassword(actor.member.id, request.paymentPassword);
  const holderName = normaliseName(request.holderName);
  return toPayoutAccount(await recordNewPayoutAccount(deps, actor, request, holderName));
};

/** Soft removal of one of the member's own active accounts; anything else is NOT_FOUND. */
const removePayoutAccount = async (
  { db }: Pick<PayoutAccountServiceDependencies, 'db'>,
  actor: Actor,
  id: bigint,
): Promise<void> => {
  await db.transaction(async (tx) => {
    const removed = await repository.markRemoved(tx, actor.member.id, id);
    if (!removed) throw new AppError('NOT_FOUND');
    await recordAuditEvent(tx, {
      actor: memberActor(actor),
      action: 'payments.payout_account.remove',
      entityType: 'payout_account',
      entityId: removed.id.toString(),
      before: toPayoutAccount(removed),
    });
  });
};

/**
 * Where a member's withdrawals are paid. The holder must be the member: their real name (payeeName), which a
 * member who has none sets with their first account.
 */
export const createPayoutAccountService = (deps: PayoutAccountServiceDependencies) => ({
  list: (member: MemberRow) => listPayoutAccounts(deps, member),

  create: (actor: Actor, request: CreatePayoutAccountRequest) => createPayoutAccount(deps, actor, request),

  /** Soft removal of one of the member's own active accounts; anything else is NOT_FOUND. */
  remove: (actor: Actor, id: bigint) => removePayoutAccount(deps, actor, id),
});

export type PayoutAccountService = ReturnType<typeof createPayoutAccountService>;
