import { isAgentType, isTrialType, type MemberInfo } from '@wps/contracts/auth';
import type { Database, Executor } from '../../db/database';
import { AppError } from '../../http/app-error';
import { verifyPassword } from '../../lib/password-hashing';
import * as repository from './members.repository';
import type { MemberName, MemberRow, NewMember } from './members.repository';

export type { MemberName, MemberRow, NewMember };

/** "+63 ****4567": enough for the member to recognise, not enough to harvest. */
const maskMobile = (countryDialingCode: string | null, mobileNum: string | null): string | null =>
  mobileNum ? `${countryDialingCode ? `+${countryDialingCode} ` : ''}****${mobileNum.slice(-4)}` : null;

const maskEmail = (email: string | null): string | null => {
  if (!email) return null;
  const [name = '', domain = ''] = email.split('@');
  return `${name.slice(0, 2)}***@${domain}`;
};

export const toMemberInfo = (
  member: MemberRow,
  brand: { currency: string; currencySymbol: string },
  mustChangePassword: boolean,
): MemberInfo => ({
  id: member.id.toString(),
  account: member.username,
  nickname: member.nickname,
  type: member.type,
  isAgent: isAgentType(member.type),
  isTrial: isTrialType(member.type),
  currency: brand.currency,
  currencySymbol: brand.currencySymbol,
  countryCode: member.countryDialingCode,
  mobileNum: maskMobile(member.countryDialingCode, member.mobileNum),
  email: maskEmail(member.email),
  payeeName: member.payeeName,
  hasPaymentPassword: member.paymentPasswordHash !== null,
  avatarUrl: member.avatarUrl,
  registeredAt: member.createdAt.toISOString(),
  lastLoginAt: member.lastLoginAt?.toISOString() ?? null,
  mustChangePassword,
});

const paymentPasswordLockAfter = 5;
const paymentPasswordLockMs = 15 * 60 * 1000;

/** Members of a brand: lookups and the changes other domains (auth, agents) make to them. */
export const createMemberService = ({ db }: { db: Database }) => ({
  findById: (id: bigint, executor: Executor = db) => repository.findMemberById(executor, id),
  findByUsername: (brandId: bigint, username: string) =>
    repository.findMemberByUsername(db, brandId, username),
  findByMobile: (brandId: bigint, countryDialingCode: string, mobileNum: string) =>
    repository.findMemberByMobile(db, brandId, countryDialingCode, mobileNum),
  findAgentByAffiliateCode: (brandId: bigint, code: string) =>
    repository.findAgentByAffiliateCode(db, brandId, code),
  /** Undefined when the name or mobile number is already taken (the unique indexes decide, not a race). */
  create: (executor: Executor, member: NewMember) => repository.insertMember(executor, member),
  update: (executor: Executor, id: bigint, patch: Partial<NewMember>) =>
    repository.updateMember(executor, id, patch),
  recordFailedLogin: (id: bigint, lockAfter: number, lockUntil: Date) =>
    repository.recordFailedLogin(db, id, lockAfter, lockUntil),
  isKnownAddress: (memberId: bigint, ip: string) => repository.isKnownAddress(db, memberId, ip),
  rememberAddress: (executor: Executor, memberId: bigint, ip: string) =>
    repository.rememberAddress(executor, memberId, ip),
  /** Holds the member's row until the caller's transaction ends: one member's money changes queue here. */
  lock: (executor: Executor, id: bigint) => repository.lockMember(executor, id),
  /** Names of the given members (unknown ids left out); `executor` lets a transaction see its own writes. */
  listNames: async (ids: readonly bigint[], executor: Executor = db): Promise<MemberName[]> =>
    ids.length === 0 ? [] : repository.listMemberNames(executor, [...new Set(ids)]),
  /** Members directly below `uplineId` of the given types, by name, at most `limit`. */
  listDirectDownlineNames: (query: {
    brandId: bigint;
    uplineId: bigint;
    types: readonly number[];
    limit: number;
  }) => repository.listDirectDownlineNames(db, query),
  /** The member named `username` when `agentId` is above them at any depth (not the agent itself). */
  findDownlineMemberId: (brandId: bigint, agentId: bigint, username: string) =>
    repository.findDownlineMemberId(db, brandId, agentId, username),

  /**
   * Checks the payment password that confirms a movement of money out of a wallet. Six digits are few, so
   * five wrong in a row lock money movements for 15 minutes (ACCOUNT_LOCKED); the row is read fresh so the
   * count is never a stale copy.
   */
  checkPaymentPassword: async (memberId: bigint, password: string): Promise<void> => {
    const member = await repository.findMemberById(db, memberId);
    if (!member?.paymentPasswordHash) throw new AppError('PAYMENT_PASSWORD_REQUIRED');
    if (member.paymentPasswordLockedUntil && member.paymentPasswordLockedUntil > new Date()) {
      throw new AppError('ACCOUNT_LOCKED', {
        details: { lockedUntil: member.paymentPasswordLockedUntil.toISOString() },
      });
    }
    if (!(await verifyPassword(member.paymentPasswordHash, password))) {
      await repository.recordPaymentPasswordFailure(
        db,
        memberId,
        paymentPasswordLockAfter,
        new Date(Date.now() + paymentPasswordLockMs),
      );
      throw new AppError('PAYMENT_PASSWORD_WRONG');
    }
    await repository.clearPaymentPasswordFailures(db, memberId);
  },
});

export type MemberService = ReturnType<typeof createMemberService>;
