import { randomInt } from 'node:crypto';
import * as repository from '../referrals.repository';
import type { ReferralDependencies } from './referral-types';

const codeAlphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const codeLength = 8;

/** 8 characters of an unambiguous alphabet from the CSPRNG: about 2^40 codes per brand. */
const newInviteCode = (): string =>
  Array.from({ length: codeLength }, () => codeAlphabet[randomInt(codeAlphabet.length)] ?? 'A').join('');

/**
 * The member's own invite code, given on first use. The unique indexes decide: a code taken in the brand is
 * drawn again, and a racing first call leaves the one that was stored first, which both read back.
 */
export const ensureInviteCode = async (
  { db }: Pick<ReferralDependencies, 'db'>,
  member: { id: bigint; brandId: bigint },
): Promise<string> => {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const existing = await repository.findReferralCode(db, member.id);
    if (existing !== undefined) return existing;
    await repository.insertReferralCode(db, {
      memberId: member.id,
      brandId: member.brandId,
      code: newInviteCode(),
    });
  }
  const code = await repository.findReferralCode(db, member.id);
  if (code === undefined) throw new Error('could not create an invite code');
  return code;
};
