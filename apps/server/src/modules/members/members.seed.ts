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
/** The demo agent's sub-agent and its player: `npm start` registers them through the agent centre (showcase.ts). */
export const demoSubAgent = { username: 'demosubagent', password: 'SubAgent2025' };
export const demoSubPlayer = { username: 'demosubplayer', password: 'SubPlayer2025' };
/** Both demo accounts confirm withdrawals and transfers with this payment password. */
export const demoPaymentPassword = '123456';

/**
 * A player (with a phone, for SMS login) under an agent with an affiliate code; created once. Answers both, so
 * other domains can seed what belongs to them (their opening balances).
 */
export const seedMembersDemo = async (
  db: Database,
  brand: { id: bigint },
): Promise<{ player: repository.MemberRow; agent: repository.MemberRow }> => {
  if (!(await repository.findMemberByUsername(db, brand.id, demoAgent.username))) {
    await repository.insertMember(db, {
      brandId: brand.id,
      username: demoAgent.username,
      nickname: 'Demo agent',
      type: MemberType.agent,
      passwordHash: await hashPassword(demoAgent.password),
      paymentPasswordHash: await hashPassword(demoPaymentPassword),
      payeeName: 'Maria Santos',
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
      paymentPasswordHash: await hashPassword(demoPaymentPassword),
      countryDialingCode: demoPlayer.countryDialingCode,
      mobileNum: demoPlayer.mobileNum,
      email: demoPlayer.email,
      payeeName: 'Juan Dela Cruz',
      uplineId: agent?.id ?? null,
    });
  }
  const [player, agent] = await Promise.all([
    repository.findMemberByUsername(db, brand.id, demoPlayer.username),
    repository.findMemberByUsername(db, brand.id, demoAgent.username),
  ]);
  if (!player || !agent) throw new Error('The demo members could not be seeded');
  return { player, agent };
};
