import { demoStaff, seedBackofficeDemo } from '../modules/backoffice/backoffice.seed';
import { demoAgent, demoPlayer, seedMembersDemo } from '../modules/members/members.seed';
import { seedSiteDemo } from '../modules/site/site.seed';
import { seedWalletDemo } from '../modules/wallet/wallet.seed';
import type { Database } from './database';

/** Idempotent demo data; each domain seeds its own part, and later domains add theirs here. */
export const seedDemoData = async (db: Database): Promise<void> => {
  const brand = await seedSiteDemo(db);
  await seedWalletDemo(db, { id: brand.id, currency: 'USD' });
  await seedBackofficeDemo(db);
  await seedMembersDemo(db, brand);
};

export const demoLogins = [
  `player: ${demoPlayer.username} / ${demoPlayer.password} (mobile +${demoPlayer.countryDialingCode} ${demoPlayer.mobileNum}; SMS codes land in the outbound_messages table)`,
  `agent (at /agent, affiliate code ${demoAgent.affiliateCode}): ${demoAgent.username} / ${demoAgent.password}`,
  `operator console (API /wps/backoffice): ${demoStaff.username} / ${demoStaff.password}`,
];
