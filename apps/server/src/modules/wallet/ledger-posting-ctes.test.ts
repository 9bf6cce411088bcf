import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../db/database';
import { postingBatchCteColumns, postingCteColumns, type PostingRequest } from './ledger.service';
import { type LedgerFixture, newKey, openLedgerFixture } from './wallet.test-helpers';

type Row = Record<string, unknown>;

/** The column names of each relation, in order, from one row of it as JSON. */
const columnsOf = (row: Row): Record<string, string[]> =>
  Object.fromEntries(
    Object.entries(row).map(([relation, value]) => [
      relation,
      Object.keys(typeof value === 'string' ? (JSON.parse(value) as Row) : (value as Row)),
    ]),
  );

/**
 * The ledger's CTEs are embedded in other modules' statements (the vendor wallet's bets), which name their
 * relations and columns. The published lists (`postingCteColumns`, `postingBatchCteColumns`, which the readers
 * check their reads against) must be what the fragments really give.
 */
describe('the posting CTEs other statements read', () => {
  let fixture: LedgerFixture;
  beforeAll(async () => {
    fixture = await openLedgerFixture();
  });
  afterAll(async () => {
    await fixture.close();
  });

  const stake = async (): Promise<PostingRequest> => {
    const member = await fixture.createMemberCash();
    await fixture.ledger.post({
      brandId: fixture.brandId,
      idempotencyKey: newKey(),
      kind: 'deposit',
      legs: [
        { accountId: fixture.paymentClearing, amount: -1_000n },
        { accountId: member, amount: 1_000n },
      ],
    });
    return {
      brandId: fixture.brandId,
      idempotencyKey: newKey(),
      kind: 'bet',
      legs: [
        { accountId: member, amount: -100n },
        { accountId: fixture.house, amount: 100n },
      ],
    };
  };

  it('a posting: ledger_new_transaction and ledger_posted_entries have the published columns', async () => {
    const request = await stake();
    const [row] = await fixture.ledger.postWithin(request, undefined, (ctes) =>
      selectRows<Row>(
        fixture.database.db,
        sql`with ${ctes}
          select (select row_to_json(t) from ledger_new_transaction t) as ledger_new_transaction,
                 (select row_to_json(e) from ledger_posted_entries e limit 1) as ledger_posted_entries`,
      ),
    );
    expect(row && columnsOf(row)).toEqual(postingCteColumns);
  });

  it('a batch: ledger_batch_transactions and ledger_batch_entries have the published columns', async () => {
    const requests = [await stake(), await stake()];
    const [row] = await fixture.ledger.postBatchWithin(requests, undefined, (ctes) =>
      selectRows<Row>(
        fixture.database.db,
        sql`with ${ctes}
          select (select row_to_json(t) from ledger_batch_transactions t limit 1) as ledger_batch_transactions,
                 (select row_to_json(e) from ledger_batch_entries e limit 1) as ledger_batch_entries`,
      ),
    );
    expect(row && columnsOf(row)).toEqual(postingBatchCteColumns);
  });
});
