import { demoStaff, seedBackofficeDemo } from '../modules/backoffice/backoffice.seed';
import { seedSiteDemo } from '../modules/site/site.seed';
import type { Database } from './database';

/** Idempotent demo data; each domain seeds its own part, and later domains add theirs here. */
export const seedDemoData = async (db: Database): Promise<void> => {
  await seedSiteDemo(db);
  await seedBackofficeDemo(db);
};

export const demoLogins = [
  `operator console (API /wps/backoffice): ${demoStaff.username} / ${demoStaff.password}`,
];
