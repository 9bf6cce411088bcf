import { sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { createBonusService } from '../promotions/bonuses.service';
import { createPushService } from '../push/push.service';
import { createSiteService } from '../site/site.service';
import { createTurnoverService } from '../turnover/turnover.service';
import { createLedgerService } from '../wallet/ledger.service';
import { createWalletService } from '../wallet/wallet.service';
import type { ScheduleOverrides } from './lottery.games';
import { createLotteryService, type LotteryService } from './lottery.service';

/** A lottery service of its own on a test database (another "instance" of the job's code). */
export const lotteryServiceFor = (
  db: Database,
  schedule: ScheduleOverrides = {},
  settleChunkSize?: number,
): LotteryService => {
  const ledger = createLedgerService({ db });
  const wallet = createWalletService({ db, ledger, push: createPushService() });
  return createLotteryService({
    db,
    site: createSiteService({ db, defaultMerchant: 'DEMO' }),
    ledger,
    wallet,
    turnover: createTurnoverService({ db }),
    // Settling pays the bonus share of a win back to the bonus balance; wagering is the app's own path.
    bonuses: createBonusService({ db, ledger, wallet, now: () => new Date() }),
    schedule,
    log: {
      error: (details, message) => {
        process.stderr.write(
          `${message} ${JSON.stringify(details, (_k, v: unknown) => (typeof v === 'bigint' ? String(v) : v))}\n`,
        );
      },
    },
    ...(settleChunkSize === undefined ? {} : { settleChunkSize }),
  });
};

/** Moves a draw's cut-off (and, with `due`, its draw time) into the past, as time passing would. */
export const passCutoff = async (db: Database, publicId: string, due = false): Promise<void> => {
  await db.execute(sql`update lottery_draws
    set closes_at = now() - interval '2 seconds',
        draw_at = case when ${due} then now() - interval '1 second' else greatest(draw_at, now() + interval '1 minute') end
    where public_id = ${publicId}`);
};
