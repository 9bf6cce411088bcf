import type { Executor } from '../../../db/database';
import { botsAccount } from './bots-players';
import type { PvpContext } from './pvp-context';
import { tableStacksAccount } from './pvp-game';
import * as repository from './pvp.repository';
import type { PvpSeatRow, PvpTableRow } from './pvp.repository';

/**
 * A seat given up: its stack back to the member's cash in one ledger posting (`pvp:cashout:<seat id>`, none
 * for an empty stack) and the seat closed, in the caller's transaction (under the table's lock). A bot's
 * stack goes back to the bots account it came from. Answers whether money moved.
 */
export const cashOutSeat = async (
  context: Pick<PvpContext, 'ledger' | 'clock'>,
  tx: Executor,
  table: PvpTableRow,
  seat: PvpSeatRow,
  stack: bigint,
): Promise<boolean> => {
  let transactionId: bigint | null = null;
  if (stack > 0n) {
    const stacks = await tableStacksAccount(context, table.brandId, table.currency, tx);
    const cash =
      seat.memberId === null
        ? await botsAccount(context, table.brandId, table.currency, tx)
        : await context.ledger.ensureMemberAccount(
            table.brandId,
            seat.memberId,
            table.currency,
            'member_cash',
            {
              executor: tx,
            },
          );
    const posting = await context.ledger.post(
      {
        brandId: table.brandId,
        idempotencyKey: `pvp:cashout:${seat.id}`,
        kind: seat.memberId === null ? 'pvp.bot.cashout' : 'pvp.cashout',
        legs: [
          { accountId: stacks.id, amount: -stack },
          { accountId: cash.id, amount: stack },
        ],
        reference: `pvp:table:${table.id}`,
        memo: `${table.game} table ${table.roomCode}`,
      },
      { executor: tx },
    );
    transactionId = posting.transactionId;
  }
  await repository.closeSeat(tx, seat.id, {
    cashedOut: stack,
    cashOutTransactionId: transactionId,
    leftAt: new Date(context.clock()),
  });
  return transactionId !== null;
};
