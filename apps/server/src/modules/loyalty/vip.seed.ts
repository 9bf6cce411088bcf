import { eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { vipLevels } from './loyalty.tables';
import type { NewVipLevel } from './vip.repository';

/** USD, exponent 2: whole dollars as minor units. */
const usd = (dollars: number): bigint => BigInt(dollars) * 100n;

type LevelSeed = Omit<NewVipLevel, 'brandId'>;

const level = (
  rank: number,
  name: { en: string; ur: string },
  figures: {
    deposit: number;
    bet: number;
    keepDeposit: number;
    keepBet: number;
    levelUp: number;
    monthly: number;
    birthday: number;
    rebate: string;
    points: string;
    withdrawals: [number, number] | null;
    manager: string | null;
  },
): LevelSeed => ({
  rank,
  name,
  depositThreshold: usd(figures.deposit),
  validBetThreshold: usd(figures.bet),
  keepPeriod: rank >= 3 ? 'quarter' : 'month',
  keepDeposit: usd(figures.keepDeposit),
  keepValidBet: usd(figures.keepBet),
  levelUpBonus: usd(figures.levelUp),
  monthlyBonus: usd(figures.monthly),
  birthdayBonus: usd(figures.birthday),
  bonusTurnoverMultiplier: 1,
  pointRates: {
    RNG: figures.points,
    FISH: figures.points,
    LIVE: figures.points,
    SPORTS: figures.points,
    LOTT: figures.points,
  },
  rebateRates: { RNG: figures.rebate, FISH: figures.rebate, LIVE: figures.rebate, SPORTS: figures.rebate },
  dailyWithdrawalCount: figures.withdrawals?.[0] ?? null,
  dailyWithdrawalAmount: figures.withdrawals ? usd(figures.withdrawals[1]) : null,
  managerContact: figures.manager,
});

/** The demo ladder: Bronze for everyone, each level asking about five times the one below. */
const seeds: readonly LevelSeed[] = [
  level(
    0,
    { en: 'Bronze', ur: 'کانسی' },
    {
      deposit: 0,
      bet: 0,
      keepDeposit: 0,
      keepBet: 0,
      levelUp: 0,
      monthly: 0,
      birthday: 0,
      rebate: '0.3',
      points: '1',
      withdrawals: null,
      manager: null,
    },
  ),
  level(
    1,
    { en: 'Silver', ur: 'چاندی' },
    {
      deposit: 100,
      bet: 1_000,
      keepDeposit: 50,
      keepBet: 500,
      levelUp: 5,
      monthly: 0,
      birthday: 5,
      rebate: '0.4',
      points: '1.2',
      withdrawals: null,
      manager: null,
    },
  ),
  level(
    2,
    { en: 'Gold', ur: 'سونا' },
    {
      deposit: 500,
      bet: 5_000,
      keepDeposit: 200,
      keepBet: 2_000,
      levelUp: 20,
      monthly: 5,
      birthday: 20,
      rebate: '0.5',
      points: '1.5',
      withdrawals: [10, 20_000],
      manager: null,
    },
  ),
  level(
    3,
    { en: 'Platinum', ur: 'پلاٹینم' },
    {
      deposit: 2_500,
      bet: 25_000,
      keepDeposit: 1_000,
      keepBet: 10_000,
      levelUp: 100,
      monthly: 20,
      birthday: 50,
      rebate: '0.7',
      points: '2',
      withdrawals: [15, 50_000],
      manager: 'vip@demo.example · WhatsApp +1 555 0100',
    },
  ),
  level(
    4,
    { en: 'Diamond', ur: 'ہیرا' },
    {
      deposit: 10_000,
      bet: 100_000,
      keepDeposit: 4_000,
      keepBet: 40_000,
      levelUp: 500,
      monthly: 80,
      birthday: 200,
      rebate: '1',
      points: '3',
      withdrawals: [20, 200_000],
      manager: 'diamond@demo.example · WhatsApp +1 555 0101',
    },
  ),
];

/** The demo brand's VIP levels; a brand that has levels already (the operator's) is left alone. */
export const seedVipDemo = async (db: Database, brand: { id: bigint }): Promise<void> => {
  const existing = await db
    .select({ id: vipLevels.id })
    .from(vipLevels)
    .where(eq(vipLevels.brandId, brand.id))
    .limit(1);
  if (existing.length > 0) return;
  await db
    .insert(vipLevels)
    .values(seeds.map((seed) => ({ ...seed, brandId: brand.id })))
    .onConflictDoNothing();
};
