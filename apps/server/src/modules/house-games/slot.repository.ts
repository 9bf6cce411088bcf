import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { houseSlotSpins } from './slot.tables';

/** The SQL behind slot spins (see slot.service.ts). */

export type SlotSpinRow = typeof houseSlotSpins.$inferSelect;

export const findSpinByRequest = async (
  executor: Executor,
  memberId: bigint,
  requestId: string,
): Promise<SlotSpinRow | undefined> => {
  const [row] = await executor
    .select()
    .from(houseSlotSpins)
    .where(and(eq(houseSlotSpins.memberId, memberId), eq(houseSlotSpins.requestId, requestId)));
  return row;
};

export const insertSpin = async (
  executor: Executor,
  values: Omit<typeof houseSlotSpins.$inferInsert, 'id' | 'createdAt'>,
): Promise<SlotSpinRow> => {
  const [row] = await executor.insert(houseSlotSpins).values(values).returning();
  if (!row) throw new Error('the spin was not written');
  return row;
};
