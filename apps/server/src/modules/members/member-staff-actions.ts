import { randomInt } from 'node:crypto';
import type { MemberStatus } from '@wps/contracts/members';
import type { Database, Executor } from '../../db/database';
import { AppError } from '../../http/app-error';
import { hashPassword } from '../../lib/password-hashing';
import { clearAttempts } from '../attempts/attempts.service';
import { type AuditActor, recordAuditEvent } from '../audit/audit.service';
import type { AuthService } from '../auth/auth.service';
import * as repository from './members.repository';
import type { MemberRow, NewMemberNote } from './members.repository';
import { loginAttemptKey, memberAttemptRules, type PlayBlockSource } from './members.service';

/** The staff member acting: the audit trail's actor, and the name the member's timeline shows. */
export type StaffActor = AuditActor & { type: 'staff'; username: string };

type SessionEnder = { auth: Pick<AuthService, 'endMemberSessions'> };

/** Player protection's answer whether a member is in a time-out or self-exclusion (the member profile passes it). */
export type PlayBlockCheck = { protection?: { isPlayBlocked: PlayBlockSource } };

const refuse = (field: string, message: string) =>
  new AppError('VALIDATION_FAILED', { message, issues: [{ field, message }] });

/** One line of the member's timeline, by the staff member acting, in the caller's transaction. */
const writeTimeline = (
  executor: Executor,
  actor: StaffActor,
  member: MemberRow,
  kind: NewMemberNote['kind'],
  body: string,
) =>
  repository.insertMemberNote(executor, {
    brandId: member.brandId,
    memberId: member.id,
    kind,
    body,
    staffId: BigInt(actor.id),
    staffUsername: actor.username,
  });

/** The audit record of a staff change to a member, in the same transaction as the change. */
const audit = (
  executor: Executor,
  actor: StaffActor,
  member: MemberRow,
  action: string,
  before: unknown,
  after: unknown,
) =>
  recordAuditEvent(executor, {
    actor: { type: 'staff', id: actor.id, ip: actor.ip, userAgent: actor.userAgent },
    action,
    entityType: 'member',
    entityId: member.id.toString(),
    before,
    after,
  });

export const addMemberNote = async (
  db: Database,
  actor: StaffActor,
  member: MemberRow,
  body: string,
): Promise<void> => {
  await db.transaction(async (tx) => {
    await writeTimeline(tx, actor, member, 'note', body);
    await audit(tx, actor, member, 'member.note.add', null, { body });
  });
};

export const addMemberTag = async (
  db: Database,
  actor: StaffActor,
  member: MemberRow,
  tag: string,
): Promise<string[]> =>
  db.transaction(async (tx) => {
    const isAdded = await repository.insertMemberTag(tx, {
      memberId: member.id,
      brandId: member.brandId,
      tag,
      staffId: BigInt(actor.id),
    });
    // Adding a tag the member has already changes nothing, and is not recorded twice.
    if (isAdded) {
      await writeTimeline(tx, actor, member, 'tag_added', tag);
      await audit(tx, actor, member, 'member.tag.add', null, { tag });
    }
    return repository.listMemberTags(tx, member.id);
  });

export const removeMemberTag = async (
  db: Database,
  actor: StaffActor,
  member: MemberRow,
  tag: string,
): Promise<string[]> =>
  db.transaction(async (tx) => {
    if (!(await repository.deleteMemberTag(tx, member.id, tag))) {
      throw new AppError('NOT_FOUND', { message: 'The member has no such tag.' });
    }
    await writeTimeline(tx, actor, member, 'tag_removed', tag);
    await audit(tx, actor, member, 'member.tag.remove', { tag }, null);
    return repository.listMemberTags(tx, member.id);
  });

/**
 * Locks, disables, closes or reopens the account, with the reason on the timeline and in the audit trail. Any
 * status but active refuses logins, sessions and bets (auth and the vendor wallet check it); the member's
 * sessions end here too, so nothing is left open. Under the member's row lock: two staff changing it at once
 * queue, and the second sees the first's status. A member in a time-out or self-exclusion is not reopened
 * (PLAYER_EXCLUDED): only the exclusion's own end, after its term, gives play back.
 */
export const changeMemberStatus = async (
  { db, auth, protection }: { db: Database } & SessionEnder & PlayBlockCheck,
  actor: StaffActor,
  member: MemberRow,
  change: { status: MemberStatus; reason: string },
): Promise<{ status: MemberStatus; sessionsEnded: number }> =>
  db.transaction(async (tx) => {
    await repository.lockMember(tx, member.id);
    const current = (await repository.findMemberById(tx, member.id))?.status ?? member.status;
    if (current === change.status) throw refuse('status', `The account is already ${change.status}.`);
    if (change.status === 'active' && (await protection?.isPlayBlocked(member.id, tx))) {
      throw new AppError('PLAYER_EXCLUDED');
    }
    await repository.updateMember(tx, member.id, { status: change.status });
    const sessionsEnded = change.status === 'active' ? 0 : await auth.endMemberSessions(tx, member.id);
    await writeTimeline(tx, actor, member, 'status', `${current} → ${change.status}: ${change.reason}`);
    await audit(
      tx,
      actor,
      member,
      'member.status.change',
      { status: current },
      { status: change.status, reason: change.reason, sessionsEnded },
    );
    return { status: change.status, sessionsEnded };
  });

/** Letters and digits nobody misreads over the phone (no 0/O, 1/l/I). */
const temporaryPasswordAlphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

/** Twelve characters of that alphabet (about 70 bits): read out once, changed at the first login. */
const newTemporaryPassword = (): string =>
  Array.from(
    { length: 12 },
    () => temporaryPasswordAlphabet[randomInt(temporaryPasswordAlphabet.length)],
  ).join('');

/**
 * A temporary password, shown once to the staff member who asked: the member must change it at the next login
 * (as after an agent's), every session ends and the login's lock is lifted. Neither password is ever shown or
 * recorded.
 */
export const resetMemberPassword = async (
  { db, auth }: { db: Database } & SessionEnder,
  actor: StaffActor,
  member: MemberRow,
  reason: string,
): Promise<{ temporaryPassword: string }> => {
  const temporaryPassword = newTemporaryPassword();
  const passwordHash = await hashPassword(temporaryPassword);
  await db.transaction(async (tx) => {
    await repository.updateMember(tx, member.id, {
      passwordHash,
      mustChangePassword: true,
      passwordChangedAt: new Date(),
    });
    const sessionsEnded = await auth.endMemberSessions(tx, member.id);
    await writeTimeline(tx, actor, member, 'password_reset', reason);
    await audit(tx, actor, member, 'member.password.reset', null, { reason, sessionsEnded });
  });
  await clearAttempts(db, memberAttemptRules.login, loginAttemptKey(member.brandId, member.username));
  return { temporaryPassword };
};

/**
 * Clears the payment password (withdrawal PIN): the member sets a new one on the withdrawal page with their login
 * password, as the first time. Its wrong-guess lock is lifted.
 */
export const resetMemberPaymentPassword = async (
  db: Database,
  actor: StaffActor,
  member: MemberRow,
  reason: string,
): Promise<void> => {
  if (member.paymentPasswordHash === null)
    throw refuse('reason', 'The member has no payment password to reset.');
  await db.transaction(async (tx) => {
    await repository.updateMember(tx, member.id, { paymentPasswordHash: null });
    await writeTimeline(tx, actor, member, 'payment_password_reset', reason);
    await audit(
      tx,
      actor,
      member,
      'member.payment_password.reset',
      { hasPaymentPassword: true },
      { hasPaymentPassword: false, reason },
    );
  });
  await clearAttempts(db, memberAttemptRules.paymentPassword, member.id.toString());
};
