import { randomUUID } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../../db/database';
import type { MemberRow } from '../members/members.repository';
import type { WageringTerms } from '../promotions/bonuses.service';
import { memberBonuses } from '../promotions/promotions.tables';

/** Wagering terms for house-game tests: ten times the bonus, the house games' lines counted in full. */
export const testBonusTerms: WageringTerms = {
  multiplier: 10,
  base: 'bonus',
  contributions: { RNG: 100, LOTT: 100 },
  maxStake: 0n,
  expiresInDays: 7,
};

/** The bonus engine as house-game tests use it: grant a bonus, read the bonus balance and the bonus row. */
export const bonusTestKit = (app: FastifyInstance, database: DatabaseHandle) => {
  const ownerOf = (member: MemberRow) => ({ brandId: member.brandId, memberId: member.id, currency: 'USD' });
  return {
    /** A wagering bonus of `amount` minor units in USD, granted in a transaction as a promotion would. */
    grant: (member: MemberRow, amount: bigint, terms: Partial<WageringTerms> = {}) =>
      database.db.transaction((tx) =>
        app.promotions.bonuses.grant(tx, {
          ...ownerOf(member),
          amount,
          promotionId: null,
          reference: `test:${randomUUID()}`,
          title: 'Test bonus',
          terms: { ...testBonusTerms, ...terms },
        }),
      ),
    /** The member's bonus balance in minor units. */
    balance: (member: MemberRow) => app.promotions.bonuses.balance(ownerOf(member)),
    /** The member's latest bonus row (status, wagering done, ...). */
    latest: async (member: MemberRow) => {
      const [row] = await database.db
        .select()
        .from(memberBonuses)
        .where(eq(memberBonuses.memberId, member.id))
        .orderBy(desc(memberBonuses.id))
        .limit(1);
      if (!row) throw new Error(`member ${member.id} has no bonus`);
      return row;
    },
  };
};

/** Minor units of a two-decimal amount as the API writes it ("12.50" → 1250n). */
export const minorOf = (decimal: string): bigint => {
  const negative = decimal.startsWith('-');
  const [whole = '0', fraction = ''] = decimal.replace('-', '').split('.');
  const value = BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0'));
  return negative ? -value : value;
};
