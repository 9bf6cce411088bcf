import {
  type MemberSearchField,
  type MemberSearchQuery,
  type MemberSearchResult,
  memberTagPattern,
} from '@wps/contracts/members';
import type { Executor } from '../../db/database';
import {
  listMemberNames,
  type MemberRow,
  type MemberSearchCriteria,
  searchMembers,
} from './members.repository';

/** The largest id a bigint column holds; a longer run of digits is no id. */
const maxId = 9_223_372_036_854_775_807n;

/** An IPv4 or IPv6 address as typed (digits, hex, dots and colons, with a dot or colon in it). */
const addressPattern = /^(?=.*[.:])[0-9a-f.:]{3,45}$/i;

/**
 * What to look for: the field asked, or with `any` every field the words could be. Digits may be an id or a
 * phone number (spaces, dashes, dots, brackets and a leading + ignored); anything may start a username, an
 * email or a real name, name an upline agent or be a payout account number; an address only when it looks like
 * one, a tag only when it could be one.
 */
export const searchCriteria = (words: string, field: MemberSearchField): MemberSearchCriteria => {
  const typed = words.trim();
  const text = typed.toLowerCase();
  const phoneDigits = /^\+?[\d\s().-]+$/.test(text) ? text.replaceAll(/\D/g, '') : '';
  const id = /^\d{1,19}$/.test(text) && BigInt(text) <= maxId ? BigInt(text) : undefined;
  const isAsked = (asked: MemberSearchField) => field === 'any' || field === asked;
  const criteria: MemberSearchCriteria = {};
  if (isAsked('id') && id !== undefined) criteria.id = id;
  if (isAsked('phone') && phoneDigits.length >= 4) criteria.phoneDigits = phoneDigits;
  if (isAsked('username')) criteria.usernameStart = text;
  if (isAsked('email')) criteria.emailStart = text;
  if (isAsked('realName')) criteria.realNameStart = text;
  if (isAsked('upline')) criteria.uplineUsername = text;
  if (isAsked('payoutAccount')) criteria.payoutAccountNumber = typed;
  if (isAsked('lastLoginIp') && addressPattern.test(text)) criteria.lastLoginIp = text;
  if (isAsked('tag') && memberTagPattern.test(text)) criteria.tag = text;
  return criteria;
};

/** "+92 3001234567", or null without a mobile number. */
export const phoneOf = (member: MemberRow): string | null =>
  member.mobileNum
    ? `${member.countryDialingCode ? `+${member.countryDialingCode} ` : ''}${member.mobileNum}`
    : null;

export const toSearchResult = (member: MemberRow, upline: string | null): MemberSearchResult => ({
  id: member.id.toString(),
  account: member.username,
  nickname: member.nickname,
  realName: member.payeeName,
  phone: phoneOf(member),
  email: member.email,
  type: member.type,
  status: member.status,
  upline,
  createdAt: member.createdAt.toISOString(),
  lastLoginAt: member.lastLoginAt?.toISOString() ?? null,
  lastLoginIp: member.lastLoginIp,
});

/** The usernames of the members' uplines, by upline id. */
export const uplineNamesOf = async (
  db: Executor,
  rows: readonly MemberRow[],
): Promise<Map<bigint, string>> => {
  const ids = [...new Set(rows.flatMap((row) => (row.uplineId === null ? [] : [row.uplineId])))];
  const names = ids.length === 0 ? [] : await listMemberNames(db, ids);
  return new Map(names.map((name) => [name.id, name.username]));
};

/** A page of the brand's members matching the words in the field asked (or any), in the order asked. */
export const searchMembersForStaff = async (
  db: Executor,
  brandId: bigint,
  query: MemberSearchQuery,
): Promise<{ list: MemberSearchResult[]; pageNo: number; totalCount: number; totalPages: number }> => {
  const { rows, total } = await searchMembers(db, brandId, searchCriteria(query.q, query.field), query);
  const uplines = await uplineNamesOf(db, rows);
  return {
    list: rows.map((row) =>
      toSearchResult(row, row.uplineId === null ? null : (uplines.get(row.uplineId) ?? null)),
    ),
    pageNo: query.pageNo,
    totalCount: total,
    totalPages: Math.ceil(total / query.pageSize),
  };
};
