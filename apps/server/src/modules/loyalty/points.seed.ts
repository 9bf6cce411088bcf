import type { Database } from '../../db/database';
import { createLedgerService } from '../wallet/ledger.service';
import { loyaltySettings, mallItems } from './loyalty.tables';
import type { NewMallItem } from './points.repository';
import * as repository from './points.repository';
import { postPoints } from './points/point-ledger';

type ItemSeed = Omit<NewMallItem, 'brandId'>;

/** The demo mall (USD, minor units): bonus credits, spins, and two things shipped with limited stock. */
const items: readonly ItemSeed[] = [
  {
    kind: 'bonus',
    name: { en: '5 USD bonus credit', ur: '5 امریکی ڈالر بونس کریڈٹ' },
    description: {
      en: 'Bonus money in your reward centre; wager it 3 times.',
      ur: 'بونس رقم، 3 بار کھیلیں۔',
    },
    pointsCost: 500n,
    amount: 500n,
    turnoverMultiplier: 3,
    sortOrder: 10,
  },
  {
    kind: 'bonus',
    name: { en: '20 USD bonus credit', ur: '20 امریکی ڈالر بونس کریڈٹ' },
    description: {
      en: 'Bonus money in your reward centre; wager it 3 times.',
      ur: 'بونس رقم، 3 بار کھیلیں۔',
    },
    pointsCost: 1800n,
    amount: 2000n,
    turnoverMultiplier: 3,
    perMemberLimit: 5,
    sortOrder: 20,
  },
  {
    kind: 'free_spins',
    name: { en: '20 slot spins', ur: '20 سلاٹ اسپن' },
    description: {
      en: '20 spins at 0.20 each, credited as slot bonus money.',
      ur: '0.20 کے 20 اسپن، سلاٹ بونس رقم کے طور پر۔',
    },
    pointsCost: 400n,
    spins: 20,
    spinStake: 20n,
    turnoverMultiplier: 5,
    sortOrder: 30,
  },
  {
    kind: 'bonus',
    name: { en: '100 USD VIP credit', ur: '100 امریکی ڈالر وی آئی پی کریڈٹ' },
    description: { en: 'For Gold members and above.', ur: 'گولڈ اور اس سے اوپر کے اراکین کے لیے۔' },
    pointsCost: 8000n,
    amount: 10_000n,
    turnoverMultiplier: 2,
    minimumVipRank: 2,
    sortOrder: 40,
  },
  {
    kind: 'physical',
    name: { en: 'Branded T-shirt', ur: 'برانڈڈ ٹی شرٹ' },
    description: {
      en: 'Cotton, one size; shipped to your address.',
      ur: 'سوتی، آپ کے پتے پر بھیجی جائے گی۔',
    },
    pointsCost: 1500n,
    stock: 50,
    perMemberLimit: 2,
    sortOrder: 50,
  },
  {
    kind: 'physical',
    name: { en: 'Gaming headset', ur: 'گیمنگ ہیڈسیٹ' },
    description: { en: 'Wireless headset; shipped to your address.', ur: 'وائرلیس ہیڈسیٹ، آپ کے پتے پر۔' },
    pointsCost: 6000n,
    stock: 10,
    perMemberLimit: 1,
    sortOrder: 60,
  },
];

/** Points the demo player starts with, so the mall can be tried at once. */
export const demoPlayerPoints = 5_000n;

/**
 * The demo brand's points rules, mall items and the demo player's starting points. Idempotent: the settings
 * row and each item (by English name) are written once, and the points posting has a fixed key.
 */
export const seedPointsDemo = async (
  db: Database,
  brand: { id: bigint },
  player: { id: bigint },
): Promise<void> => {
  await db
    .insert(loyaltySettings)
    .values({
      brandId: brand.id,
      pointsPerDepositUnit: '1',
      pointsPerCashUnit: 100,
      minimumConversionPoints: 100,
      conversionTurnoverMultiplier: 1,
    })
    .onConflictDoNothing();
  const existing = new Set((await repository.listItems(db, brand.id)).map((item) => item.name.en));
  const missing = items.filter((item) => !existing.has(item.name.en));
  if (missing.length > 0)
    await db.insert(mallItems).values(missing.map((item) => ({ ...item, brandId: brand.id })));
  await postPoints(createLedgerService({ db }), db, {
    brandId: brand.id,
    memberId: player.id,
    points: demoPlayerPoints,
    movement: 'points.adjust',
    idempotencyKey: 'seed:demo-player-points',
    memo: 'Welcome points',
  });
};
