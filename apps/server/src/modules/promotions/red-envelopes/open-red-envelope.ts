import { sql } from 'drizzle-orm';
import type { PromotionGameDependencies } from '../promotion-games/game-types';
import * as repository from '../promotion-games.repository';
import { envelopeAmounts, type RedEnvelopePromotion } from './red-envelope-promotion';
import { cryptoRandomBelow, splitPool } from './split-pool';

/** Advisory lock namespace of opening an envelope: two first visitors queue, the second finds the packets. */
const openLockNamespace = 0x726564;

/**
 * Splits the envelope's pool into its packets the first time it is reached open, exactly once: a quick read
 * skips the lock once packets exist; otherwise the promotion's advisory lock is taken and the packets are
 * written only if nobody wrote them meanwhile.
 */
export const openRedEnvelope = async (
  deps: Pick<PromotionGameDependencies, 'db' | 'ledger'>,
  envelope: RedEnvelopePromotion,
): Promise<void> => {
  const promotionId = envelope.row.id;
  if ((await repository.countPackets(deps.db, promotionId)).packets > 0) return;
  const { pool, minPacket } = await envelopeAmounts(deps, envelope);
  await deps.db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(${openLockNamespace}::int, ${Number(promotionId % 2_147_483_647n)}::int)`,
    );
    if ((await repository.countPackets(tx, promotionId)).packets > 0) return;
    await repository.insertPackets(
      tx,
      promotionId,
      splitPool(pool, envelope.config.packets, minPacket, cryptoRandomBelow),
    );
  });
};
