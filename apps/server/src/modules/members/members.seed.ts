import { MemberType } from '@wps/contracts/auth';
import type { Database } from '../../db/database';
import { hashPassword } from '../../lib/password-hashing';
import * as repository from './members.repository';

export const demoPlayer = {
  username: 'demoplayer',
  password: 'Player2025',
  countryDialingCode: '63',
  mobileNum: '9171234567',
  email: 'player@example.com',
};
export const demoAgent = { username: 'demoagent', password: 'Agent2025', affiliateCode: 'LOTUS01' };

/** A player (with a phone, for SMS login) and an agent with an affiliate code; created once. */
export const seedMembersDemo = async (db: Database, brand: { id: bigint }): Promise<void> => {
  if (!(await repository.findMemberByUsername(db, brand.id, demoAgent.username))) {
    await repository.insertMember(db, {
      brandId: brand.id,
      username: demoAgent.username,
      nickname: 'Demo agent',
      type: MemberType.agent,
      passwordHash: await hashPassword(demoAgent.password),
      affiliateCode: demoAgent.affiliateCode,
    });
  }
  if (!(await repository.findMemberByUsername(db, brand.id, demoPlayer.username))) {
    const agent = await repository.findMemberByUsername(db, brand.id, demoAgent.username);
    await repository.insertMember(db, {
      brandId: brand.id,
      username: demoPlayer.username,
      nickname: 'Demo player',
      type: MemberType.member,
      passwordHash: await hashPassword(demoPlayer.password),
      countryDialingCode: demoPlayer.countryDialingCode,
      mobileNum: demoPlayer.mobileNum,
      email: demoPlayer.email,
      payeeName: 'Demo Player',
      uplineId: agent?.id ?? null,
    });
  }
};
