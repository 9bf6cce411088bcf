import { eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { leaderboards, missions } from './loyalty.tables';

/** USD, exponent 2: whole dollars as minor units. */
const usd = (dollars: number): bigint => BigInt(dollars) * 100n;

type MissionSeed = Omit<typeof missions.$inferInsert, 'brandId'>;

const demoMissions: MissionSeed[] = [
  {
    title: { en: 'Daily deposit', ur: 'روزانہ ڈپازٹ' },
    description: { en: 'Deposit at least 10 USD today.', ur: 'آج کم از کم 10 USD جمع کریں۔' },
    kind: 'deposit',
    cadence: 'daily',
    target: 1n,
    threshold: usd(10),
    rewardKind: 'points',
    rewardAmount: 50n,
    missionPoints: 10,
  },
  {
    title: { en: 'Slots warm-up', ur: 'سلاٹس وارم اپ' },
    description: { en: 'Bet 50 USD on slots today.', ur: 'آج سلاٹس پر 50 USD کی شرط لگائیں۔' },
    kind: 'valid_bet',
    cadence: 'daily',
    target: usd(50),
    productLine: 'RNG',
    rewardKind: 'cash',
    rewardAmount: usd(2),
    missionPoints: 20,
  },
  {
    title: { en: 'Ten rounds', ur: 'دس راؤنڈز' },
    description: { en: 'Play 10 rounds of any game today.', ur: 'آج کسی بھی گیم کے 10 راؤنڈ کھیلیں۔' },
    kind: 'rounds',
    cadence: 'daily',
    target: 10n,
    rewardKind: 'points',
    rewardAmount: 30n,
    missionPoints: 10,
  },
  {
    title: { en: 'Big win', ur: 'بڑی جیت' },
    description: { en: 'Win 10 times your stake this week.', ur: 'اس ہفتے اپنی شرط کا 10 گنا جیتیں۔' },
    kind: 'big_win',
    cadence: 'weekly',
    target: 1n,
    threshold: 1_000n,
    rewardKind: 'bonus',
    rewardAmount: usd(5),
    rewardTurnoverMultiplier: 3,
    missionPoints: 30,
  },
  {
    title: { en: 'Three-day streak', ur: 'تین دن کا سلسلہ' },
    description: { en: 'Sign in three days in a row.', ur: 'لگاتار تین دن سائن ان کریں۔' },
    kind: 'login_streak',
    cadence: 'weekly',
    target: 3n,
    rewardKind: 'points',
    rewardAmount: 100n,
    missionPoints: 20,
  },
  {
    title: { en: 'First lottery ticket', ur: 'پہلا لاٹری ٹکٹ' },
    description: { en: 'Place your first lottery bet.', ur: 'اپنی پہلی لاٹری شرط لگائیں۔' },
    kind: 'first_use',
    cadence: 'once',
    target: 1n,
    feature: 'LOTT',
    rewardKind: 'cash',
    rewardAmount: usd(1),
    missionPoints: 10,
  },
];

/**
 * Demo missions (live) and two leaderboards: weekly by mission points, daily by valid bet. Prizes are minor units
 * of USD. Idempotent: a brand that has any mission or leaderboard keeps what it has.
 */
export const seedMissionsDemo = async (db: Database, brand: { id: bigint }): Promise<void> => {
  const [mission] = await db
    .select({ id: missions.id })
    .from(missions)
    .where(eq(missions.brandId, brand.id))
    .limit(1);
  if (!mission) {
    await db.insert(missions).values(
      demoMissions.map((seed, index) => ({
        ...seed,
        brandId: brand.id,
        status: 'live',
        startsAt: new Date('2026-01-01T00:00:00Z'),
        sortOrder: index * 10,
      })),
    );
  }
  const [board] = await db
    .select({ id: leaderboards.id })
    .from(leaderboards)
    .where(eq(leaderboards.brandId, brand.id))
    .limit(1);
  if (board) return;
  await db.insert(leaderboards).values([
    {
      brandId: brand.id,
      title: { en: 'Weekly mission champions', ur: 'ہفتہ وار مشن چیمپئنز' },
      metric: 'mission_points',
      period: 'weekly',
      prizes: [usd(50), usd(30), usd(20)].map(String),
      prizeTurnoverMultiplier: 1,
      status: 'live',
    },
    {
      brandId: brand.id,
      title: { en: 'Daily high rollers', ur: 'روزانہ ہائی رولرز' },
      metric: 'valid_bet',
      period: 'daily',
      prizes: [usd(20), usd(10), usd(5)].map(String),
      prizeTurnoverMultiplier: 1,
      status: 'live',
    },
  ]);
};
