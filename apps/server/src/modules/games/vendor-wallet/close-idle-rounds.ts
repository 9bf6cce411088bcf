import * as repository from '../vendor-wallet.repository';
import { recordTurnover } from './round-turnover';
import type { WalletCallContext } from './wallet-context';

/**
 * Settles the rounds no call has touched for `idleMs` (a vendor that never sent round_closed), as a closing
 * call would, so their valid bet reaches turnover, rebates and agent reports. Each under its member's lock
 * and only while still idle, so a call racing it, another instance or a second run closes nothing twice.
 * A later win is still paid and a later bet opens the round again. Answers how many it closed.
 */
export const closeIdleRounds = async (
  context: Pick<WalletCallContext, 'db' | 'turnover' | 'now'>,
  idleMs: number,
  batchSize: number,
): Promise<number> => {
  const { db } = context;
  const before = new Date(context.now().getTime() - idleMs);
  let closed = 0;
  for (;;) {
    const rounds = await repository.listIdleRounds(db, before, batchSize);
    for (const { id, brandId, memberId, currency } of rounds) {
      const isClosed = await db.transaction(async (tx) => {
        await repository.lockMember(tx, memberId);
        const round = await repository.closeIdleRound(tx, id, before);
        if (round) await recordTurnover(context, tx, { member: { id: memberId, brandId }, currency }, round);
        return round !== undefined;
      });
      if (isClosed) closed += 1;
    }
    // A listed round is closed now or was touched after `before`: either way it is not listed again.
    if (rounds.length < batchSize) return closed;
  }
};
