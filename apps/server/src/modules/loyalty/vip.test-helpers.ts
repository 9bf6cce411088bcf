import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { loginAsMember, type TestApp } from '../../testing/test-app';
import { members } from '../members/members.tables';
import { memberRewards } from '../promotions/promotions.tables';
import { vipLevelChanges, vipMemberLevels } from './loyalty.tables';

export type VipTestMember = { id: bigint; brandId: bigint; username: string; authorization: string };

/** Money and members for VIP tests: deposits and bets straight through the ledger, as the fold reads them. */
export const vipTestKit = (testApp: TestApp) => {
  const { db } = testApp.database;
  const { ledger } = testApp.app.wallet;

  const addMember = async (prefix = 'vip'): Promise<VipTestMember> => {
    const [brand] = await db.select({ brandId: members.brandId }).from(members).limit(1);
    if (!brand) throw new Error('no seeded member');
    const username = `${prefix}${randomUUID().replaceAll('-', '').slice(0, 10)}`;
    const [member] = await db
      .insert(members)
      .values({ brandId: brand.brandId, username, nickname: username })
      .returning();
    if (!member) throw new Error('member not created');
    const { authorization } = await loginAsMember(testApp, username);
    return { id: member.id, brandId: member.brandId, username, authorization };
  };

  const post = async (member: VipTestMember, kind: string, amount: bigint, productLine?: string) => {
    const cash = (await ledger.ensureMemberAccount(member.brandId, member.id, 'USD')).id;
    const counterpart = kind === 'deposit' ? 'payment_clearing' : 'house';
    const other = (await ledger.ensureSystemAccount(member.brandId, counterpart, 'USD')).id;
    const toMember = kind === 'deposit' || kind.endsWith('win');
    await ledger.post({
      brandId: member.brandId,
      idempotencyKey: randomUUID(),
      kind,
      ...(productLine ? { productLine } : {}),
      legs: [
        { accountId: cash, amount: toMember ? amount : -amount },
        { accountId: other, amount: toMember ? -amount : amount },
      ],
    });
  };

  return {
    addMember,
    deposit: (member: VipTestMember, amount: bigint) => post(member, 'deposit', amount),
    /** Bets `amount` in stakes of `stake`, each won back, so the valid bet grows without the cash running out. */
    bet: async (member: VipTestMember, amount: bigint, stake = amount) => {
      for (let done = 0n; done < amount; done += stake) {
        await post(member, 'slot.bet', stake, 'RNG');
        await post(member, 'slot.win', stake, 'RNG');
      }
    },
    rankOf: async (memberId: bigint) =>
      (await db.select().from(vipMemberLevels).where(eq(vipMemberLevels.memberId, memberId)))[0],
    changesOf: (memberId: bigint) =>
      db
        .select()
        .from(vipLevelChanges)
        .where(eq(vipLevelChanges.memberId, memberId))
        .orderBy(asc(vipLevelChanges.id)),
    vipRewardsOf: (memberId: bigint) =>
      db
        .select()
        .from(memberRewards)
        .where(and(eq(memberRewards.memberId, memberId), eq(memberRewards.source, 'vip')))
        .orderBy(asc(memberRewards.id)),
  };
};
