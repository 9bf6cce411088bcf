import { demoStaff, seedBackofficeDemo } from '../modules/backoffice/backoffice.seed';
import { seedContentDemo } from '../modules/content/content.seed';
import { seedGamesDemo } from '../modules/games/games.seed';
import { seedHouseGames } from '../modules/house-games/house-games.seed';
import {
  demoAgent,
  demoPaymentPassword,
  demoPlayer,
  demoSubAgent,
  demoSubPlayer,
  seedMembersDemo,
} from '../modules/members/members.seed';
import { seedPaymentsDemo } from '../modules/payments/payments.seed';
import { seedMissionsDemo } from '../modules/loyalty/missions.seed';
import { seedPointsDemo } from '../modules/loyalty/points.seed';
import { seedVipDemo } from '../modules/loyalty/vip.seed';
import { seedPromotionsDemo } from '../modules/promotions/promotions.seed';
import { seedSiteDemo } from '../modules/site/site.seed';
import { seedWalletDemo } from '../modules/wallet/wallet.seed';
import type { Database } from './database';

/** What a seeding created that is shown once: the demo operator's password, when this run created it. */
export type SeededDemo = { operatorPassword: string | undefined };

/**
 * Idempotent demo data; each domain seeds its own part, and later domains add theirs here. The demo operator
 * gets `operatorInitialPassword` (OPERATOR_INITIAL_PASSWORD) or a random password when first created.
 */
export const seedDemoData = async (
  db: Database,
  { operatorInitialPassword }: { operatorInitialPassword?: string | undefined } = {},
): Promise<SeededDemo> => {
  const brand = await seedSiteDemo(db);
  const operatorPassword = await seedBackofficeDemo(db, brand, { initialPassword: operatorInitialPassword });
  const { player, agent } = await seedMembersDemo(db, brand);
  await seedWalletDemo(db, { id: brand.id, currency: 'USD' }, [player, agent]);
  await seedPaymentsDemo(db, brand);
  await seedGamesDemo(db);
  await seedHouseGames(db);
  await seedContentDemo(db, brand);
  await seedPromotionsDemo(db, brand);
  await seedVipDemo(db, brand);
  await seedMissionsDemo(db, brand);
  await seedPointsDemo(db, brand, player);
  return { operatorPassword };
};

/**
 * The demo logins to print at start. The operator's password is printed only by the start that created it (it
 * is stored hashed, and appears nowhere else).
 */
export const demoLogins = ({ operatorPassword }: SeededDemo): string[] => [
  `player: ${demoPlayer.username} / ${demoPlayer.password}, payment password ${demoPaymentPassword} (mobile +${demoPlayer.countryDialingCode} ${demoPlayer.mobileNum}; SMS codes in development: the console's outbox page, admins, or GET /wps/backoffice/outbox)`,
  `agent (at /agent, affiliate code ${demoAgent.affiliateCode}): ${demoAgent.username} / ${demoAgent.password}, payment password ${demoPaymentPassword}`,
  `sub-agent of the demo agent (at /agent): ${demoSubAgent.username} / ${demoSubAgent.password}; its player: ${demoSubPlayer.username} / ${demoSubPlayer.password}`,
  operatorPassword === undefined
    ? `operator console (/backoffice): ${demoStaff.username} (password printed at first start; two-factor enrolment at first sign-in)`
    : `operator console (/backoffice): ${demoStaff.username} / ${operatorPassword} (shown once; stored hashed; two-factor enrolment at first sign-in)`,
];
