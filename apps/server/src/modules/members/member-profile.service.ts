import { isAgentType } from '@wps/contracts/auth';
import type { BettingRecordQuery } from '@wps/contracts/games';
import {
  type LinkedMember,
  type MemberFunds,
  type MemberLinkKind,
  type MemberProfile,
  type MemberStatus,
  type MemberTimelineEntry,
  memberTimelineKinds,
} from '@wps/contracts/members';
import type { TransactionRecordQuery } from '@wps/contracts/wallet';
import type { Database } from '../../db/database';
import { AppError } from '../../http/app-error';
import type { AuthService } from '../auth/auth.service';
import type { RoundsService } from '../games/rounds.service';
import type { DepositService } from '../payments/deposits.service';
import type { WithdrawalService } from '../payments/withdrawals.service';
import type { BonusService } from '../promotions/bonuses.service';
import type { FundsService } from '../wallet/funds.service';
import type { RecordsService } from '../wallet/records.service';
import type { WalletService } from '../wallet/wallet.service';
import { toSearchResult, uplineNamesOf } from './member-search';
import {
  changeMemberStatus,
  addMemberNote,
  addMemberTag,
  removeMemberTag,
  resetMemberPassword,
  type PlayBlockCheck,
  resetMemberPaymentPassword,
  type StaffActor,
} from './member-staff-actions';
import * as repository from './members.repository';
import type { MemberNoteRow, MemberRow } from './members.repository';

/** The brand the request acts on, as the wallet, payments and games services take it. */
export type ProfileBrand = { id: bigint; currency: string; currencySymbol: string; timeZone: string };
type Page = { pageNo: number; pageSize: number };

export type MemberProfileDependencies = PlayBlockCheck & {
  db: Database;
  auth: Pick<AuthService, 'listMemberSignInEvents' | 'findMembersSharingDevice' | 'endMemberSessions'>;
  wallet: Pick<WalletService, 'formatAmount'>;
  funds: Pick<FundsService, 'consolidated'>;
  records: Pick<RecordsService, 'transactions'>;
  bonuses: Pick<BonusService, 'balance'>;
  rounds: Pick<RoundsService, 'list'>;
  deposits: Pick<DepositService, 'listOwn'>;
  withdrawals: Pick<WithdrawalService, 'overview' | 'list'>;
};

/** How many timeline entries the profile shows, and how many linked members each kind of link finds at most. */
const timelineLength = 100;
const linkedLimit = 50;

/** The member of the brand, or ACCOUNT_NOT_FOUND (a member of another brand is not found either). */
export const findBrandMember = async (
  db: Database,
  brandId: bigint,
  memberId: bigint,
): Promise<MemberRow> => {
  const member = await repository.findMemberInBrand(db, brandId, memberId);
  if (!member) throw new AppError('ACCOUNT_NOT_FOUND', { message: 'No such member.' });
  return member;
};

const isTimelineKind = (kind: string): kind is MemberTimelineEntry['kind'] =>
  (memberTimelineKinds as readonly string[]).includes(kind);

const toTimelineEntry = (row: MemberNoteRow): MemberTimelineEntry => ({
  id: row.id.toString(),
  // The table's check admits only these kinds.
  kind: isTimelineKind(row.kind) ? row.kind : 'note',
  body: row.body,
  staffUsername: row.staffUsername,
  createdAt: row.createdAt.toISOString(),
});

const describeProfile = async (
  { db }: Pick<MemberProfileDependencies, 'db'>,
  brand: ProfileBrand,
  memberId: bigint,
): Promise<MemberProfile> => {
  const member = await findBrandMember(db, brand.id, memberId);
  const [uplines, tags, notes] = await Promise.all([
    uplineNamesOf(db, [member]),
    repository.listMemberTags(db, member.id),
    repository.listMemberNotes(db, member.id, timelineLength),
  ]);
  const upline = member.uplineId === null ? null : (uplines.get(member.uplineId) ?? null);
  return {
    member: {
      ...toSearchResult(member, upline),
      uplineId: member.uplineId?.toString() ?? null,
      isAgent: isAgentType(member.type),
      registerIp: member.registerIp,
      registerDomain: member.registerDomain,
      firstLoginAt: member.firstLoginAt?.toISOString() ?? null,
      language: member.language,
      mustChangePassword: member.mustChangePassword,
      hasPaymentPassword: member.paymentPasswordHash !== null,
      passwordChangedAt: member.passwordChangedAt.toISOString(),
    },
    identity: { realName: member.payeeName, idNumber: member.idNumber, birthday: member.birthday },
    tags,
    timeline: notes.map(toTimelineEntry),
  };
};

/** The member's money through the services the member's own pages use: balances, bonus and withdrawal limits. */
const describeFunds = async (
  deps: MemberProfileDependencies,
  brand: ProfileBrand,
  memberId: bigint,
  ip: string,
): Promise<MemberFunds> => {
  const member = await findBrandMember(deps.db, brand.id, memberId);
  const owner = { brandId: brand.id, memberId: member.id, currency: brand.currency };
  const [funds, bonus, overview] = await Promise.all([
    deps.funds.consolidated(member, brand),
    deps.bonuses.balance(owner),
    deps.withdrawals.overview({ member, brand, ip }),
  ]);
  return {
    currency: funds.currency,
    mainWallet: funds.mainWallet,
    pendingWithdrawal: funds.pendingWithdrawal,
    gameWallets: funds.gameWallets,
    total: funds.total,
    bonusBalance: await deps.wallet.formatAmount(bonus, brand.currency),
    withdrawal: {
      minAmount: overview.minAmount,
      maxAmount: overview.maxAmount,
      dailyMaxAmount: overview.dailyMaxAmount,
      dailyMaxCount: overview.dailyMaxCount,
      usedTodayAmount: overview.usedTodayAmount,
      usedTodayCount: overview.usedTodayCount,
      turnoverRemaining: overview.turnoverRemaining,
      activeBonus: overview.activeBonus,
    },
  };
};

/** Only the last four characters of an account number, as the member's own pages show it. */
const maskAccountNumber = (accountNumber: string): string => `****${accountNumber.slice(-4)}`;

/**
 * Members who may be the same person: a sign-in from the same device (address and browser), a login from the
 * same address, or the same payout account number; each member once, with every link found.
 */
const findLinkedMembers = async (
  { db, auth }: Pick<MemberProfileDependencies, 'db' | 'auth'>,
  brand: ProfileBrand,
  memberId: bigint,
): Promise<{ list: LinkedMember[]; isTruncated: boolean }> => {
  const member = await findBrandMember(db, brand.id, memberId);
  const [devices, addresses, accounts] = await Promise.all([
    auth.findMembersSharingDevice(brand.id, member.id, linkedLimit),
    repository.listMembersSharingLoginIp(db, brand.id, member.id, linkedLimit),
    repository.listMembersSharingPayoutAccount(db, brand.id, member.id, linkedLimit),
  ]);
  const links = new Map<bigint, Array<{ kind: MemberLinkKind; value: string }>>();
  const link = (id: bigint | string, kind: MemberLinkKind, value: string) => {
    const key = BigInt(id);
    links.set(key, [...(links.get(key) ?? []), { kind, value }]);
  };
  for (const row of devices) link(row.memberId, 'device', `${row.ip} · ${row.userAgent}`);
  for (const row of addresses) link(row.memberId, 'loginIp', row.ip);
  for (const row of accounts) link(row.memberId, 'payoutAccount', maskAccountNumber(row.accountNumber));
  const others = await repository.listMembersByIds(db, [...links.keys()]);
  return {
    list: others
      .sort((a, b) => (links.get(b.id)?.length ?? 0) - (links.get(a.id)?.length ?? 0) || Number(a.id - b.id))
      .map((other) => ({
        member: {
          id: other.id.toString(),
          account: other.username,
          realName: other.payeeName,
          status: other.status,
        },
        links: links.get(other.id) ?? [],
      })),
    isTruncated: [devices, addresses, accounts].some((found) => found.length >= linkedLimit),
  };
};

/**
 * The console's member profile ("member 360"): who the member is, their money, sign-ins, linked accounts and
 * records, and the changes staff make (status, password resets, notes, tags). Records come from the very
 * services the member's own pages use, so staff see exactly what the member sees.
 */
export const createMemberProfileService = (deps: MemberProfileDependencies) => {
  const { db } = deps;
  const memberOf = (brand: ProfileBrand, memberId: bigint) => findBrandMember(db, brand.id, memberId);
  return {
    profile: (brand: ProfileBrand, memberId: bigint) => describeProfile(deps, brand, memberId),
    funds: (brand: ProfileBrand, memberId: bigint, ip: string) => describeFunds(deps, brand, memberId, ip),
    signIns: async (brand: ProfileBrand, memberId: bigint, page: Page) =>
      deps.auth.listMemberSignInEvents((await memberOf(brand, memberId)).id, page),
    linked: (brand: ProfileBrand, memberId: bigint) => findLinkedMembers(deps, brand, memberId),
    transactions: async (brand: ProfileBrand, memberId: bigint, query: TransactionRecordQuery) =>
      deps.records.transactions(await memberOf(brand, memberId), brand, query),
    bets: async (brand: ProfileBrand, memberId: bigint, query: BettingRecordQuery) =>
      deps.rounds.list(await memberOf(brand, memberId), brand, query),
    deposits: async (brand: ProfileBrand, memberId: bigint, page: Page) =>
      deps.deposits.listOwn((await memberOf(brand, memberId)).id, page),
    withdrawals: async (brand: ProfileBrand, memberId: bigint, page: Page, ip: string) =>
      deps.withdrawals.list({ member: await memberOf(brand, memberId), brand, ip }, page),

    addNote: async (actor: StaffActor, brand: ProfileBrand, memberId: bigint, body: string) =>
      addMemberNote(db, actor, await memberOf(brand, memberId), body),
    addTag: async (actor: StaffActor, brand: ProfileBrand, memberId: bigint, tag: string) =>
      addMemberTag(db, actor, await memberOf(brand, memberId), tag),
    removeTag: async (actor: StaffActor, brand: ProfileBrand, memberId: bigint, tag: string) =>
      removeMemberTag(db, actor, await memberOf(brand, memberId), tag),
    changeStatus: async (
      actor: StaffActor,
      brand: ProfileBrand,
      memberId: bigint,
      change: { status: MemberStatus; reason: string },
    ) => changeMemberStatus(deps, actor, await memberOf(brand, memberId), change),
    resetPassword: async (actor: StaffActor, brand: ProfileBrand, memberId: bigint, reason: string) =>
      resetMemberPassword(deps, actor, await memberOf(brand, memberId), reason),
    resetPaymentPassword: async (actor: StaffActor, brand: ProfileBrand, memberId: bigint, reason: string) =>
      resetMemberPaymentPassword(db, actor, await memberOf(brand, memberId), reason),
  };
};

export type MemberProfileService = ReturnType<typeof createMemberProfileService>;
