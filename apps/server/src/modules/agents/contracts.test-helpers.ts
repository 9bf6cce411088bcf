import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../../db/database';
import { openTestDatabase } from '../../testing/test-database';
import { createMemberService, type MemberRow } from '../members/members.service';
import { members } from '../members/members.tables';
import { createPushService } from '../push/push.service';
import { seedSiteDemo } from '../site/site.seed';
import { brands } from '../site/site.tables';
import { createLedgerService } from '../wallet/ledger.service';
import { seedWalletDemo } from '../wallet/wallet.seed';
import { createWalletService } from '../wallet/wallet.service';
import { localDate } from './contract-periods';
import { type ContractBrand, createContractService } from './contracts.service';
import { createRollupService } from './rollups.service';
import { createSettlementService } from './settlement.service';

/** Minor units of USD (exponent 2). */
export const usd = (whole: number) => BigInt(Math.round(whole * 100));

/** Services of one platform instance on a shared database, with a clock the test moves. */
export const createInstance = (
  database: DatabaseHandle,
  clock: { now: Date },
  options: { realtimeSlotMs?: number; batchSize?: number } = {},
) => {
  const ledger = createLedgerService({ db: database.db });
  const wallet = createWalletService({ db: database.db, ledger, push: createPushService() });
  const memberService = createMemberService({ db: database.db });
  const realtimeSlotMs = options.realtimeSlotMs ?? 300_000;
  const errors: unknown[] = [];
  const rollups = createRollupService({ db: database.db });
  return {
    ledger,
    wallet,
    members: memberService,
    errors,
    contracts: createContractService({
      db: database.db,
      members: memberService,
      ledger,
      now: () => clock.now,
      realtimeSlotMs,
    }),
    settlement: createSettlementService({
      db: database.db,
      ledger,
      wallet,
      now: () => clock.now,
      realtimeSlotMs,
      ...(options.batchSize ? { batchSize: options.batchSize } : {}),
      log: { error: (details) => errors.push(details) },
      foldFigures: rollups.fold,
    }),
  };
};
export type Instance = ReturnType<typeof createInstance>;

export const openContractFixture = async (
  timeZone = 'Europe/London',
  options: { realtimeSlotMs?: number } = {},
) => {
  const database = await openTestDatabase();
  const seeded = await seedSiteDemo(database.db);
  await seedWalletDemo(database.db, { id: seeded.id, currency: 'USD' });
  await database.db.update(brands).set({ timeZone, currency: 'USD' }).where(eq(brands.id, seeded.id));
  const brand: ContractBrand = { id: seeded.id, currency: 'USD', timeZone };
  const clock = { now: new Date('2025-06-01T12:00:00Z') };
  const instance = createInstance(database, clock, options);

  const createMember = async (type: number, upline: MemberRow | null, name?: string): Promise<MemberRow> => {
    const [row] = await database.db
      .insert(members)
      .values({
        brandId: brand.id,
        username: name ?? `u${randomUUID().slice(0, 10)}`,
        nickname: name ?? 'Test',
        type,
        uplineId: upline?.id ?? null,
      })
      .returning();
    if (!row) throw new Error('member not created');
    return row;
  };

  /** Puts money in a member's main wallet from the adjustment account. */
  const fund = async (member: MemberRow, amount: bigint) => {
    const cash = await instance.wallet.cashAccount(member, 'USD');
    const adjustment = await instance.ledger.ensureSystemAccount(brand.id, 'adjustment', 'USD');
    await instance.ledger.post({
      brandId: brand.id,
      idempotencyKey: `test-fund:${randomUUID()}`,
      kind: 'adjustment',
      legs: [
        { accountId: adjustment.id, amount: -amount },
        { accountId: cash.id, amount },
      ],
    });
  };

  const balance = (member: MemberRow) => instance.wallet.balance(member, 'USD');

  /** A member's bets and payouts in the brand hour starting at `hourStart`, in both roll-ups. */
  const addFigures = async (member: MemberRow, hourStart: string, validBet: bigint, payout = 0n) => {
    const hour = new Date(hourStart);
    const day = localDate(hour, timeZone);
    await database.db.execute(sql`
      insert into member_figures_hourly (member_id, brand_id, hour_start, bet_count, bet_amount, valid_bet, payout)
      values (${member.id}, ${brand.id}, ${hour.toISOString()}, 1, ${validBet}, ${validBet}, ${payout})
      on conflict (member_id, hour_start) do update set valid_bet = member_figures_hourly.valid_bet + excluded.valid_bet,
        bet_amount = member_figures_hourly.bet_amount + excluded.bet_amount, payout = member_figures_hourly.payout + excluded.payout`);
    await database.db.execute(sql`
      insert into member_figures_daily (member_id, brand_id, day, bet_count, bet_amount, valid_bet, payout)
      values (${member.id}, ${brand.id}, ${day}, 1, ${validBet}, ${validBet}, ${payout})
      on conflict (member_id, day) do update set valid_bet = member_figures_daily.valid_bet + excluded.valid_bet,
        bet_amount = member_figures_daily.bet_amount + excluded.bet_amount, payout = member_figures_daily.payout + excluded.payout`);
  };

  return {
    database,
    brand,
    clock,
    instance,
    createMember,
    fund,
    balance,
    addFigures,
    close: () => database.close(),
  };
};
export type ContractFixture = Awaited<ReturnType<typeof openContractFixture>>;
