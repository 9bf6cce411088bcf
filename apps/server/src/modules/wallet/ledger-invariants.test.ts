import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  findInvariantViolations,
  type LedgerFixture,
  newKey,
  openLedgerFixture,
} from './wallet.test-helpers';

/** The invariant query must see what the triggers would have stopped, so this file breaks the ledger on purpose. */
describe('ledger-invariants.sql', () => {
  let fixture: LedgerFixture;
  let member: bigint;
  beforeAll(async () => {
    // This file breaks the ledger on purpose, so its database is not checked when it closes.
    fixture = await openLedgerFixture({}, { checkLedger: false });
    member = await fixture.createMemberCash();
    await fixture.ledger.post({
      brandId: fixture.brandId,
      idempotencyKey: newKey(),
      kind: 'deposit',
      legs: [
        { accountId: fixture.paymentClearing, amount: -1_000n },
        { accountId: member, amount: 1_000n },
      ],
    });
    await fixture.ledger.reserve({
      brandId: fixture.brandId,
      idempotencyKey: newKey(),
      accountId: member,
      amount: 300n,
    });
  });
  afterAll(() => fixture.close());

  const violations = async () =>
    (await findInvariantViolations(fixture.database)).map((row) => row.violation);

  it('answers no rows for a sound ledger', async () => {
    expect(await violations()).toEqual([]);
  });

  it('reports a balance changed without entries, and a forbidden negative balance', async () => {
    const db = fixture.database.db;
    await db.execute(sql`alter table ledger_balances drop constraint ledger_balances_no_overdraft`);
    await db.execute(sql`update ledger_balances set balance = -5 where account_id = ${member}`);
    expect(await violations()).toEqual(
      expect.arrayContaining(['balance_differs_from_entries', 'forbidden_negative_balance']),
    );
  });

  it('reports unbalanced transactions, broken running balances and missing insert-only triggers', async () => {
    const db = fixture.database.db;
    await db.execute(sql`alter table ledger_entries disable trigger user`);
    await db.execute(sql`update ledger_entries set amount = amount + 1 where account_id = ${member}`);
    expect(await violations()).toEqual(
      expect.arrayContaining([
        'transaction_unbalanced',
        'running_balance_broken',
        'insert_only_trigger_missing',
      ]),
    );
  });

  it('reports a hold account that does not hold its pending holds', async () => {
    const db = fixture.database.db;
    await db.execute(sql`alter table ledger_holds disable trigger user`);
    await db.execute(sql`alter table ledger_holds drop constraint ledger_holds_settled_check`);
    await db.execute(sql`update ledger_holds set status = 'voided'`);
    expect(await violations()).toEqual(
      expect.arrayContaining(['hold_account_differs_from_pending_holds', 'hold_settlement_mismatch']),
    );
  });
});
