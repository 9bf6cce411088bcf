import { demoStaff, seedBackofficeDemo } from '../modules/backoffice/backoffice.seed';
import { seedContentDemo } from '../modules/content/content.seed';
import { seedGamesDemo } from '../modules/games/games.seed';
import { seedHouseGames } from '../modules/house-games/house-games.seed';
import { demoAgent, demoPaymentPassword, demoPlayer, seedMembersDemo } from '../modules/members/members.seed';
import { seedPaymentsDemo } from '../modules/payments/payments.seed';
import { seedSiteDemo } from '../modules/site/site.seed';
import { seedWalletDemo } from '../modules/wallet/wallet.seed';
import type { Database } from './database';

/** Idempotent demo data; each domain seeds its own part, and later domains add theirs here. */
export const seedDemoData = async (db: Database): Promise<void> => {
  const brand = await seedSiteDemo(db);
  await seedBackofficeDemo(db);
  const { player, agent } = await seedMembersDemo(db, brand);
  await seedWalletDemo(db, { id: brand.id, currency: 'USD' }, [player, agent]);
  await seedPaymentsDemo(db, brand);
  await seedGamesDemo(db);
  await seedHouseGames(db);
  await seedContentDemo(db, brand);
};

export const demoLogins = [
  `player: ${demoPlayer.username} / ${demoPlayer.password}, payment password ${demoPaymentPassword} (mobile +${demoPlayer.countryDialingCode} ${demoPlayer.mobileNum}; SMS codes land in the outbound_messages table)`,
  `agent (at /agent, affiliate code ${demoAgent.affiliateCode}): ${demoAgent.username} / ${demoAgent.password}, payment password ${demoPaymentPassword}`,
  `operator console (/backoffice): ${demoStaff.username} / ${demoStaff.password}`,
];
