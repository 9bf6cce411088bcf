import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PostingRequest } from './ledger.service';
import { LedgerError } from './wallet.errors';
import {
  findInvariantViolations,
  type LedgerFixture,
  newKey,
  openLedgerFixture,
} from './wallet.test-helpers';

const memberCount = 3;
const amount = fc.bigInt({ min: 1n, max: 5_000n });
const member = fc.integer({ min: 0, max: memberCount - 1 });
const pick = fc.nat({ max: 1_000 });

const command = fc.oneof(
  fc.record({ type: fc.constant('deposit' as const), member, amount }),
  fc.record({ type: fc.constant('bet' as const), member, amount }),
  fc.record({ type: fc.constant('win' as const), member, amount }),
  fc.record({ type: fc.constant('transfer' as const), from: member, to: member, amount }),
  fc.record({ type: fc.constant('reserve' as const), member, amount }),
  fc.record({ type: fc.constant('postHold' as const), pick }),
  fc.record({ type: fc.constant('voidHold' as const), pick }),
  fc.record({ type: fc.constant('replay' as const), pick }),
);
type Command = typeof command extends fc.Arbitrary<infer Value> ? Value : never;

type ModelHold = { holdId: bigint; member: number; amount: bigint; status: 'pending' | 'posted' | 'voided' };

/** The reason of a LedgerError, or 'ok'; anything else fails the property. */
const outcomeOf = async (work: Promise<unknown>): Promise<string> => {
  try {
    await work;
    return 'ok';
  } catch (error) {
    if (error instanceof LedgerError) return error.reason;
    throw error;
  }
};

describe('ledger against an in-memory model', () => {
  let fixture: LedgerFixture;
  beforeAll(async () => {
    fixture = await openLedgerFixture();
  });
  afterAll(async () => {
    expect(await findInvariantViolations(fixture.database)).toEqual([]);
    await fixture.close();
  });

  it('keeps every balance equal to the model through random deposits, bets, wins, transfers and holds', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 30 }), async (commands: Command[]) => {
        const { ledger, brandId } = fixture;
        const members = await Promise.all(
          Array.from({ length: memberCount }, () => fixture.createMemberCash()),
        );
        const holdAccounts = await Promise.all(
          members.map(async (accountId) => {
            const account = await ledger.getAccount(accountId);
            if (!account?.memberId) throw new Error('not a member account');
            return (await ledger.ensureMemberAccount(brandId, account.memberId, 'USD', 'member_hold')).id;
          }),
        );
        const system = [fixture.house, fixture.providerClearing, fixture.paymentClearing];
        // System accounts are shared by every run, so the model follows their change from here.
        const model = new Map<bigint, bigint>();
        for (const accountId of [...members, ...holdAccounts]) model.set(accountId, 0n);
        for (const accountId of system) model.set(accountId, await ledger.getBalance(accountId));
        const holds: ModelHold[] = [];
        const posted: PostingRequest[] = [];

        const balanceOf = (accountId: bigint | undefined): bigint => model.get(accountId ?? -1n) ?? 0n;
        const move = (from: bigint, to: bigint, value: bigint) => {
          model.set(from, balanceOf(from) - value);
          model.set(to, balanceOf(to) + value);
        };
        const memberAt = (index: number): bigint => members[index] ?? -1n;
        const holdAccountAt = (index: number): bigint => holdAccounts[index] ?? -1n;

        /** Posts a transfer and checks the ledger refuses exactly when the model says the payer cannot pay. */
        const transfer = async (
          kind: string,
          from: bigint,
          to: bigint,
          value: bigint,
          payerIsMember: boolean,
        ) => {
          const request = {
            brandId,
            idempotencyKey: newKey(),
            kind,
            legs: [
              { accountId: from, amount: -value },
              { accountId: to, amount: value },
            ],
          };
          const outcome = await outcomeOf(ledger.post(request));
          if (payerIsMember && balanceOf(from) < value) {
            expect(outcome).toBe('insufficient_funds');
            return;
          }
          expect(outcome).toBe('ok');
          move(from, to, value);
          posted.push(request);
        };

        for (const step of commands) {
          switch (step.type) {
            case 'deposit':
              await transfer('deposit', fixture.paymentClearing, memberAt(step.member), step.amount, false);
              break;
            case 'bet':
              await transfer('bet', memberAt(step.member), fixture.house, step.amount, true);
              break;
            case 'win':
              await transfer('win', fixture.providerClearing, memberAt(step.member), step.amount, false);
              break;
            case 'transfer':
              if (step.from !== step.to) {
                await transfer('transfer', memberAt(step.from), memberAt(step.to), step.amount, true);
              }
              break;
            case 'reserve': {
              const source = memberAt(step.member);
              const work = ledger.reserve({
                brandId,
                idempotencyKey: newKey(),
                accountId: source,
                amount: step.amount,
              });
              if (balanceOf(source) < step.amount) {
                expect(await outcomeOf(work)).toBe('insufficient_funds');
                break;
              }
              const { holdId } = await work;
              move(source, holdAccountAt(step.member), step.amount);
              holds.push({ holdId, member: step.member, amount: step.amount, status: 'pending' });
              break;
            }
            case 'postHold':
            case 'voidHold': {
              const hold = holds[step.pick % Math.max(holds.length, 1)];
              if (!hold) break;
              const wanted = step.type === 'postHold' ? 'posted' : 'voided';
              const outcome = await outcomeOf(
                step.type === 'postHold'
                  ? ledger.postHold({
                      brandId,
                      holdId: hold.holdId,
                      destinationAccountId: fixture.paymentClearing,
                    })
                  : ledger.voidHold({ brandId, holdId: hold.holdId }),
              );
              if (hold.status === 'pending') {
                expect(outcome).toBe('ok');
                hold.status = wanted;
                const destination = wanted === 'posted' ? fixture.paymentClearing : memberAt(hold.member);
                move(holdAccountAt(hold.member), destination, hold.amount);
              } else {
                // Repeating the call that settled it answers the original; the other one is refused.
                expect(outcome).toBe(hold.status === wanted ? 'ok' : 'hold_already_settled');
              }
              break;
            }
            case 'replay': {
              const request = posted[step.pick % Math.max(posted.length, 1)];
              if (!request) break;
              const result = await ledger.post(request);
              expect(result.isReplay).toBe(true);
              break;
            }
          }
        }

        for (const [accountId, expected] of model) {
          expect(await ledger.getBalance(accountId)).toBe(expected);
        }
      }),
      { numRuns: 40 },
    );
  });
});
