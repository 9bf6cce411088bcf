import type { MemberSearchField, MemberSearchResult } from '@wps/contracts/members';
import type { Executor } from '../../db/database';
import { type MemberRow, type MemberSearchCriteria, searchMembers } from './members.repository';

/** The most a search answers; staff narrow the words when there are more. */
export const memberSearchLimit = 50;

/** The largest id a bigint column holds; a longer run of digits is no id. */
const maxId = 9_223_372_036_854_775_807n;

/**
 * What to look for: the field asked, or with `any` every field the words could be. Digits may be an id or a
 * phone number (spaces, dashes, dots, brackets and a leading + ignored); anything may start a username, an
 * email or a real name.
 */
export const searchCriteria = (words: string, field: MemberSearchField): MemberSearchCriteria => {
  const text = words.trim().toLowerCase();
  const phoneDigits = /^\+?[\d\s().-]+$/.test(text) ? text.replaceAll(/\D/g, '') : '';
  const id = /^\d{1,19}$/.test(text) && BigInt(text) <= maxId ? BigInt(text) : undefined;
  const criteria: MemberSearchCriteria = {};
  if ((field === 'any' || field === 'id') && id !== undefined) criteria.id = id;
  if ((field === 'any' || field === 'phone') && phoneDigits.length >= 4) criteria.phoneDigits = phoneDigits;
  if (field === 'any' || field === 'username') criteria.usernameStart = text;
  if (field === 'any' || field === 'email') criteria.emailStart = text;
  if (field === 'any' || field === 'realName') criteria.realNameStart = text;
  return criteria;
};

const toResult = (member: MemberRow): MemberSearchResult => ({
  id: member.id.toString(),
  account: member.username,
  nickname: member.nickname,
  realName: member.payeeName,
  phone: member.mobileNum
    ? `${member.countryDialingCode ? `+${member.countryDialingCode} ` : ''}${member.mobileNum}`
    : null,
  email: member.email,
  type: member.type,
  status: member.status,
  createdAt: member.createdAt.toISOString(),
  lastLoginAt: member.lastLoginAt?.toISOString() ?? null,
});

/** The brand's members matching the words in the field asked (or any), newest first, at most 50. */
export const searchMembersForStaff = async (
  db: Executor,
  brandId: bigint,
  query: { q: string; field: MemberSearchField },
): Promise<{ list: MemberSearchResult[]; hasMore: boolean }> => {
  const rows = await searchMembers(db, brandId, searchCriteria(query.q, query.field), memberSearchLimit + 1);
  return { list: rows.slice(0, memberSearchLimit).map(toResult), hasMore: rows.length > memberSearchLimit };
};
