import { isAgentType, isTrialType, type MemberInfo } from '@wps/contracts/auth';
import type { MemberSearchQuery } from '@wps/contracts/members';
import type { Database, Executor } from '../../db/database';
import { AppError } from '../../http/app-error';
import { verifyPassword } from '../../lib/password-hashing';
import { type AttemptRule, clearAttempts, recordFailure, takeAttempt } from '../attempts/attempts.service';
import { searchMembersForStaff } from './member-search';
import * as repository from './members.repository';
import type { MemberName, MemberRow, NewMember, PersonDetails } from './members.repository';

export type { MemberName, MemberRow, NewMember, PersonDetails };

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
  vip: MemberInfo['vip'] = null,
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
  vip,
});

const minute = 60_000;

/**
 * The limits on guessing a member's secrets, taken before the secret is checked (attempt counters), so a burst
 * gets exactly `limit` checks. The login rule counts per account name as typed (known or not, so its answers
 * cannot tell which names exist) and also counts a login password given to confirm a change elsewhere (the
 * payment password's settings); the payment password's counts per member. Five within 15 minutes, then the
 * key is locked for 15 minutes; a right secret clears it.
 */
export const memberAttemptRules = {
  login: { name: 'member.login', limit: 5, windowMs: 15 * minute, lockMs: 15 * minute },
  paymentPassword: { name: 'member.payment-password', limit: 5, windowMs: 15 * minute, lockMs: 15 * minute },
} as const satisfies Record<string, AttemptRule>;

/** The login rule's key: the brand and the name as a login would find it (any case, spaces trimmed). */
export const loginAttemptKey = (brandId: bigint, account: string): string =>
  `${brandId}:${account.trim().toLowerCase()}`;

const lockedError = (retryAt: Date) =>
  new AppError('ACCOUNT_LOCKED', { details: { lockedUntil: retryAt.toISOString() } });

/**
 * Whether player protection refuses the member's play now (a time-out or a self-exclusion). Protection is
 * registered after members and the domains built on them, so it hands its answer over at start
 * (`providePlayBlock`).
 */
export type PlayBlockSource = (memberId: bigint, executor: Executor) => Promise<boolean>;

/** Members of a brand: lookups and the changes other domains (auth, agents) make to them. */
export const createMemberService = ({ db }: { db: Database }) => {
  let playBlockOf: PlayBlockSource = () => Promise.resolve(false);
  return {
    providePlayBlock: (source: PlayBlockSource): void => {
      playBlockOf = source;
    },
    /**
     * Refuses (PLAYER_EXCLUDED) money sent to a member in a time-out or self-exclusion, before it moves: an agent's
     * transfer to them (the ledger's rule refuses the posting too).
     */
    assertNotPlayBlocked: async (memberId: bigint, executor: Executor = db): Promise<void> => {
      if (await playBlockOf(memberId, executor)) throw new AppError('PLAYER_EXCLUDED');
    },
    /** The console's member search within a brand: by any of the member's details, a page at a time. */
    searchForStaff: (brandId: bigint, query: MemberSearchQuery) => searchMembersForStaff(db, brandId, query),
    findById: (id: bigint, executor: Executor = db) => repository.findMemberById(executor, id),
    findByIds: (ids: readonly bigint[]) => repository.findMembersByIds(db, ids),
    /** Whether one of these members has the person's mobile number, email or ID number (player protection). */
    hasMemberLikePerson: (memberIds: readonly bigint[], person: repository.PersonDetails) =>
      repository.hasMemberLikePerson(db, memberIds, person),
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
     * Checks the payment password that confirms a movement of money out of a wallet. Six digits are few, so the
     * attempt is counted before the check and five wrong lock money movements for 15 minutes (ACCOUNT_LOCKED).
     */
    checkPaymentPassword: async (memberId: bigint, password: string): Promise<void> => {
      const member = await repository.findMemberById(db, memberId);
      if (!member?.paymentPasswordHash) throw new AppError('PAYMENT_PASSWORD_REQUIRED');
      const key = memberId.toString();
      const attempt = await takeAttempt(db, memberAttemptRules.paymentPassword, key);
      if (!attempt.isAllowed) throw lockedError(attempt.retryAt);
      if (!(await verifyPassword(member.paymentPasswordHash, password))) {
        await recordFailure(db, memberAttemptRules.paymentPassword, key);
        throw new AppError('PAYMENT_PASSWORD_WRONG');
      }
      await clearAttempts(db, memberAttemptRules.paymentPassword, key);
    },

    /** Forgets the payment password's wrong guesses (a new payment password was set). */
    clearPaymentPasswordAttempts: (memberId: bigint) =>
      clearAttempts(db, memberAttemptRules.paymentPassword, memberId.toString()),

    /**
     * Checks the member's login password where it confirms a change (not a login): the attempt counts toward the
     * login's lock, so this cannot be used to guess the password past the login's limits.
     */
    checkLoginPassword: async (member: MemberRow, password: string): Promise<void> => {
      const key = loginAttemptKey(member.brandId, member.username);
      const attempt = await takeAttempt(db, memberAttemptRules.login, key);
      if (!attempt.isAllowed) throw lockedError(attempt.retryAt);
      if (!member.passwordHash || !(await verifyPassword(member.passwordHash, password))) {
        await recordFailure(db, memberAttemptRules.login, key);
        throw new AppError('OLD_PASSWORD_WRONG', {
          issues: [{ field: 'loginPassword', message: 'The login password is not correct' }],
        });
      }
      await clearAttempts(db, memberAttemptRules.login, key);
    },
  };
};

export type MemberService = ReturnType<typeof createMemberService>;
