import { randomUUID } from 'node:crypto';
import { asc, eq, like } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Executor } from '../../db/database';
import { AppError } from '../../http/app-error';
import { createJobScheduler, type JobScheduler } from '../../jobs/scheduler';
import { createTestApp, type TestApp } from '../../testing/test-app';
import type { MemberRow } from '../members/members.repository';
import type { LedgerLeg } from '../wallet/ledger.service';
import { walletTestKit } from '../wallet/wallet-api.test-helpers';
import { LedgerError } from '../wallet/wallet.errors';
import { ledgerTransactions } from '../wallet/wallet.tables';
import type { BonusOwner } from './bonuses.service';
import { memberBonuses } from './promotions.tables';

const dayMs = 86_400_000;
const hourMs = 3_600_000;
const currency = 'USD';

const amount = fc.bigInt({ min: 1n, max: 3_000n });
const pick = fc.nat({ max: 1_000 });
/** SPORTS is named by no grant: it counts 0 toward wagering. */
const productLine = fc.constantFrom('RNG', 'LIVE', 'SPORTS');

const command = fc.oneof(
  fc.record({ type: fc.constant('deposit' as const), amount }),
  fc.record({
    type: fc.constant('grant' as const),
    amount,
    multiplier: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 4 })),
    maxStake: fc.oneof(fc.constant(0n), fc.bigInt({ min: 50n, max: 2_000n })),
    base: fc.constantFrom('bonus' as const, 'bonus_deposit' as const),
    depositAmount: fc.bigInt({ min: 0n, max: 2_000n }),
    // Plain objects, as the promotion's parsed config is (drizzle's jsonb refuses null-prototype objects).
    contributions: fc.record(
      { RNG: fc.constantFrom(0, 50, 100), LIVE: fc.constantFrom(0, 10, 100) },
      { noNullPrototype: true },
    ),
    expiresInDays: fc.integer({ min: 1, max: 3 }),
    /** Grant again under a reference already granted (answers the first grant, moves nothing). */
    reuse: fc.option(pick, { nil: undefined }),
  }),
  fc.record({
    type: fc.constant('bet' as const),
    stake: amount,
    productLine,
    win: fc.oneof(fc.constant(0n), fc.bigInt({ min: 1n, max: 6_000n })),
    settled: fc.boolean(),
  }),
  fc.record({
    type: fc.constant('settle' as const),
    pick,
    win: fc.oneof(fc.constant(0n), fc.bigInt({ min: 1n, max: 6_000n })),
  }),
  fc.record({ type: fc.constant('rollback' as const), pick }),
  fc.record({ type: fc.constant('replayBet' as const), pick }),
  fc.record({
    type: fc.constant('advance' as const),
    hours: fc.integer({ min: 1, max: 80 }),
    runExpiry: fc.boolean(),
  }),
  fc.record({
    type: fc.constant('withdraw' as const),
    amount: fc.bigInt({ min: 1n, max: 8_000n }),
    isConfirmed: fc.boolean(),
  }),
  fc.record({ type: fc.constant('staffForfeit' as const) }),
);
type Command = typeof command extends fc.Arbitrary<infer Value> ? Value : never;

type BonusStatus = 'active' | 'completed' | 'expired' | 'forfeited' | 'lost';
type ModelBonus = {
  id: bigint;
  reference: string;
  status: BonusStatus;
  required: bigint;
  done: bigint;
  maxStake: bigint;
  contributions: Record<string, number>;
  expiresAt: number;
  settledAmount: bigint | null;
};
type ModelBet = {
  reference: string;
  stake: bigint;
  bonusStaked: bigint;
  productLine: string;
  isOpen: boolean;
};

/** The code of an AppError (a LedgerError's reason), or 'ok'; anything else fails the property. */
const outcomeOf = async <T>(work: Promise<T>): Promise<{ code: string; value?: T }> => {
  try {
    return { code: 'ok', value: await work };
  } catch (error) {
    if (error instanceof LedgerError) return { code: error.reason };
    if (error instanceof AppError) return { code: error.code };
    throw error;
  }
};

/** Jobs registered without their timers: the expiry job runs only when a command says so. */
const manualScheduler = (): JobScheduler => {
  const scheduler = createJobScheduler({ error: () => undefined });
  return {
    ...scheduler,
    every: (name, _intervalMs, run) => {
      scheduler.every(name, 0, run);
    },
  };
};

describe('bonus engine against a sequential model', () => {
  let testApp: TestApp;
  let clockMs = Date.now();
  let kit: ReturnType<typeof walletTestKit>;
  let runs = 0;

  beforeAll(async () => {
    testApp = await createTestApp({}, { clock: () => clockMs, scheduler: manualScheduler() });
    kit = walletTestKit(testApp);
    // Migrating and seeding PGlite takes most of a minute on a busy machine.
  }, 180_000);
  // Closing the test database runs ledger-invariants.sql over every posting the runs made.
  afterAll(() => testApp.close());

  it('keeps cash, bonus balance, bonus rows and grant postings equal to the model', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 25 }), async (commands: Command[]) => {
        runs += 1;
        const { app, database } = testApp;
        const { db } = database;
        const { ledger, wallet } = app.wallet;
        const { bonuses } = app.promotions;
        const { turnover } = app.turnover;
        // Earlier runs' bonuses (a failed run's too, while fast-check shrinks) end first: the expiry job would
        // otherwise return their money to the shared promotion account in the middle of this run.
        const leftOver = await db.select().from(memberBonuses).where(eq(memberBonuses.status, 'active'));
        for (const row of leftOver) {
          await bonuses.forfeit({ brandId: row.brandId, memberId: row.memberId, currency: row.currency });
        }
        const member: MemberRow = await kit.addMember(`bonusprop${runs}x${randomUUID().slice(0, 8)}`);
        const owner: BonusOwner = { brandId: member.brandId, memberId: member.id, currency };
        const { brandId } = member;
        const cashId = (await wallet.cashAccount(member, currency)).id;
        const bonusId = (await ledger.ensureMemberAccount(brandId, member.id, currency, 'member_bonus')).id;
        const holdId = (await ledger.ensureMemberAccount(brandId, member.id, currency, 'member_hold')).id;
        const houseId = (await ledger.ensureSystemAccount(brandId, 'house', currency)).id;
        const promotionId = (await ledger.ensureSystemAccount(brandId, 'promotion', currency)).id;
        const clearingId = (await ledger.ensureSystemAccount(brandId, 'payment_clearing', currency)).id;

        // System accounts are shared by every run; nothing else moves them while a run goes, so the model
        // follows their change from here.
        const model = {
          cash: 0n,
          bonus: 0n,
          held: 0n,
          house: await ledger.getBalance(houseId),
          promotion: await ledger.getBalance(promotionId),
          clearing: await ledger.getBalance(clearingId),
        };
        const grants: ModelBonus[] = [];
        const bets: ModelBet[] = [];
        const activeBonus = () => grants.find((bonus) => bonus.status === 'active');
        const keyOf = (suffix: string) => `bonusprop:${member.id}:${suffix}:${randomUUID()}`;

        /** Ends the active bonus as the engine does: the bonus balance to cash (completed) or the house. */
        const end = (bonus: ModelBonus, status: Exclude<BonusStatus, 'active'>) => {
          bonus.status = status;
          bonus.settledAmount = model.bonus;
          if (status === 'completed') model.cash += model.bonus;
          else model.promotion += model.bonus;
          model.bonus = 0n;
        };

        /** Where a payout of a bet goes (splitWin): the bonus share follows the member's latest bonus. */
        const payOut = (bet: ModelBet, win: bigint) => {
          if (win <= 0n) return;
          model.house -= win;
          const toBonus = bet.bonusStaked > 0n ? (win * bet.bonusStaked) / bet.stake : 0n;
          const latest = grants.at(-1);
          if (toBonus === 0n || !latest || latest.status === 'completed') {
            model.cash += win;
            return;
          }
          if (latest.status === 'active') model.bonus += toBonus;
          else model.promotion += toBonus;
          model.cash += win - toBonus;
        };

        /** Posts a payout of `bet` from the house as a house game does, in `tx`. */
        const postPayout = async (tx: Executor, bet: ModelBet, win: bigint, movement: string) => {
          const legs: LedgerLeg[] = await bonuses.splitWin(tx, owner, cashId, {
            stake: bet.stake,
            bonusStaked: bet.bonusStaked,
            win,
          });
          await ledger.post(
            {
              brandId,
              idempotencyKey: `${bet.reference}:${movement}`,
              kind: movement === 'rollback' ? 'bet.rollback' : 'win',
              productLine: bet.productLine,
              reference: bet.reference,
              legs: [{ accountId: houseId, amount: -win }, ...legs],
            },
            { executor: tx },
          );
        };

        const recordValidBet = (tx: Executor, bet: ModelBet) =>
          turnover.recordValidBet(tx, {
            ...owner,
            amount: bet.stake,
            productLine: bet.productLine,
            reference: bet.reference,
          });

        const check = async (step: Command) => {
          const where = JSON.stringify(step, (_key, value: unknown) =>
            typeof value === 'bigint' ? value.toString() : value,
          );
          const balances = {
            cash: await ledger.getBalance(cashId),
            bonus: await ledger.getBalance(bonusId),
            held: await ledger.getBalance(holdId),
            house: await ledger.getBalance(houseId),
            promotion: await ledger.getBalance(promotionId),
            clearing: await ledger.getBalance(clearingId),
          };
          expect(balances, where).toEqual(model);
          // Bonus money exists only while a bonus is active.
          if (!activeBonus()) expect(model.bonus, where).toBe(0n);
          const rows = await db
            .select()
            .from(memberBonuses)
            .where(eq(memberBonuses.memberId, member.id))
            .orderBy(asc(memberBonuses.id));
          expect(
            rows.map((row) => ({
              id: row.id,
              reference: row.reference,
              status: row.status,
              required: row.wageringRequired,
              done: row.wageringDone,
              maxStake: row.maxStake,
              expiresAt: row.expiresAt.getTime(),
              settledAmount: row.settledAmount,
            })),
            where,
          ).toEqual(
            grants.map((bonus) => ({
              id: bonus.id,
              reference: bonus.reference,
              status: bonus.status,
              required: bonus.required,
              done: bonus.done,
              maxStake: bonus.maxStake,
              expiresAt: bonus.expiresAt,
              settledAmount: bonus.settledAmount,
            })),
          );
          // Each granted reference is posted exactly once; a refused grant posted nothing.
          const grantPostings = await db
            .select({ key: ledgerTransactions.idempotencyKey })
            .from(ledgerTransactions)
            .where(like(ledgerTransactions.idempotencyKey, `bonus-grant:${member.id}:%`));
          expect(grantPostings.map((row) => row.key).sort(), where).toEqual(
            grants.map((bonus) => `bonus-grant:${member.id}:${bonus.reference}`).sort(),
          );
        };

        for (const step of commands) {
          switch (step.type) {
            case 'deposit': {
              await ledger.post({
                brandId,
                idempotencyKey: keyOf('deposit'),
                kind: 'deposit',
                legs: [
                  { accountId: clearingId, amount: -step.amount },
                  { accountId: cashId, amount: step.amount },
                ],
              });
              model.clearing -= step.amount;
              model.cash += step.amount;
              break;
            }
            case 'grant': {
              const reused =
                step.reuse === undefined ? undefined : grants[step.reuse % Math.max(grants.length, 1)];
              const reference = reused?.reference ?? `grant-${randomUUID()}`;
              const outcome = await outcomeOf(
                db.transaction((tx) =>
                  bonuses.grant(tx, {
                    ...owner,
                    amount: step.amount,
                    depositAmount: step.depositAmount,
                    promotionId: null,
                    reference,
                    title: 'Property bonus',
                    terms: {
                      multiplier: step.multiplier,
                      base: step.base,
                      contributions: step.contributions,
                      maxStake: step.maxStake,
                      expiresInDays: step.expiresInDays,
                    },
                  }),
                ),
              );
              if (reused) {
                expect(outcome.code).toBe('ok');
                expect(outcome.value?.id).toBe(reused.id);
                break;
              }
              const active = activeBonus();
              // The engine looks at the row, not the clock: a bonus past its expiry the job has not ended yet
              // still blocks a grant while it holds money.
              if (active && model.bonus > 0n) {
                expect(outcome.code).toBe('BONUS_ALREADY_ACTIVE');
                break;
              }
              expect(outcome.code).toBe('ok');
              if (active) end(active, 'lost');
              const id = outcome.value?.id ?? -1n;
              const base = step.amount + (step.base === 'bonus_deposit' ? step.depositAmount : 0n);
              const granted: ModelBonus = {
                id,
                reference,
                status: 'active',
                required: base * BigInt(step.multiplier),
                done: 0n,
                maxStake: step.maxStake,
                contributions: step.contributions,
                expiresAt: clockMs + step.expiresInDays * dayMs,
                settledAmount: null,
              };
              grants.push(granted);
              model.promotion -= step.amount;
              model.bonus += step.amount;
              if (granted.required === 0n) end(granted, 'completed');
              break;
            }
            case 'bet': {
              const bet: ModelBet = {
                reference: keyOf('bet'),
                stake: step.stake,
                bonusStaked: 0n,
                productLine: step.productLine,
                isOpen: !step.settled,
              };
              const outcome = await outcomeOf(
                db.transaction(async (tx) => {
                  const split = await bonuses.splitStake(tx, owner, cashId, bet.stake);
                  await ledger.post(
                    {
                      brandId,
                      idempotencyKey: `${bet.reference}:bet`,
                      kind: 'bet',
                      productLine: bet.productLine,
                      reference: bet.reference,
                      legs: [...split.legs, { accountId: houseId, amount: bet.stake }],
                    },
                    { executor: tx },
                  );
                  await recordValidBet(tx, bet);
                  const placed = { ...bet, bonusStaked: split.bonusStaked };
                  if (step.settled && step.win > 0n) await postPayout(tx, placed, step.win, 'win');
                  return split.bonusStaked;
                }),
              );
              const active = activeBonus();
              if (active && active.maxStake > 0n && bet.stake > active.maxStake) {
                expect(outcome.code).toBe('BONUS_MAX_STAKE');
                break;
              }
              const fromCash = model.cash >= bet.stake ? bet.stake : model.cash;
              const fromBonus = bet.stake - fromCash;
              if (fromBonus > 0n && (!active || fromBonus > model.bonus)) {
                expect(outcome.code).toBe('insufficient_funds');
                break;
              }
              expect(outcome.code).toBe('ok');
              expect(outcome.value).toBe(fromBonus);
              bet.bonusStaked = fromBonus;
              model.cash -= fromCash;
              model.bonus -= fromBonus;
              model.house += bet.stake;
              bets.push(bet);
              if (active && active.expiresAt > clockMs) {
                const counted = (bet.stake * BigInt(active.contributions[bet.productLine] ?? 0)) / 100n;
                active.done += counted;
                if (counted > 0n && active.done >= active.required) end(active, 'completed');
              }
              if (step.settled) payOut(bet, step.win);
              break;
            }
            case 'settle':
            case 'rollback': {
              const open = bets.filter((bet) => bet.isOpen);
              const bet = open[step.pick % Math.max(open.length, 1)];
              if (!bet) break;
              // A rollback refunds the stake through the same split as a win of the stake.
              const payout = step.type === 'rollback' ? bet.stake : step.win;
              await db.transaction(async (tx) => {
                if (payout > 0n)
                  await postPayout(tx, bet, payout, step.type === 'rollback' ? 'rollback' : 'win');
              });
              bet.isOpen = false;
              payOut(bet, payout);
              break;
            }
            case 'replayBet': {
              const bet = bets[step.pick % Math.max(bets.length, 1)];
              if (!bet) break;
              // A product line reporting the same bet again: counted once, so nothing changes.
              await db.transaction((tx) => recordValidBet(tx, bet));
              break;
            }
            case 'advance': {
              clockMs += step.hours * hourMs;
              if (!step.runExpiry) break;
              await bonuses.expire();
              const active = activeBonus();
              if (active && active.expiresAt <= clockMs) end(active, 'expired');
              break;
            }
            case 'withdraw': {
              const outcome = await outcomeOf(
                db.transaction(async (tx) => {
                  await bonuses.forfeitForWithdrawal(tx, owner, step.isConfirmed);
                  await ledger.reserve(
                    {
                      brandId,
                      idempotencyKey: keyOf('withdrawal'),
                      accountId: cashId,
                      amount: step.amount,
                      kind: 'withdrawal.request',
                    },
                    { executor: tx },
                  );
                }),
              );
              const active = activeBonus();
              if (active && !step.isConfirmed) {
                expect(outcome.code).toBe('BONUS_FORFEIT_REQUIRED');
                break;
              }
              // A withdrawal holds cash only, never bonus money; refused, the forfeit rolls back with it.
              if (step.amount > model.cash) {
                expect(outcome.code).toBe('insufficient_funds');
                break;
              }
              expect(outcome.code).toBe('ok');
              if (active) end(active, 'forfeited');
              model.cash -= step.amount;
              model.held += step.amount;
              break;
            }
            case 'staffForfeit': {
              const ended = await bonuses.forfeit(owner);
              const active = activeBonus();
              expect(ended?.id).toBe(active?.id);
              if (active) end(active, 'forfeited');
              break;
            }
          }
          await check(step);
        }
      }),
      { numRuns: 30 },
    );
  }, 180_000);
});
