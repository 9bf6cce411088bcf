import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { paymentChannels } from './payments.tables';

export type ChannelRow = typeof paymentChannels.$inferSelect;
export type ChannelValues = Omit<typeof paymentChannels.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

const byDisplayOrder = [asc(paymentChannels.sortOrder), asc(paymentChannels.code)];

export const listChannels = (executor: Executor, brandId: bigint): Promise<ChannelRow[]> =>
  executor
    .select()
    .from(paymentChannels)
    .where(eq(paymentChannels.brandId, brandId))
    .orderBy(...byDisplayOrder);

export const listEnabledChannels = (
  executor: Executor,
  brandId: bigint,
  currency: string,
): Promise<ChannelRow[]> =>
  executor
    .select()
    .from(paymentChannels)
    .where(
      and(
        eq(paymentChannels.brandId, brandId),
        eq(paymentChannels.currency, currency),
        eq(paymentChannels.isEnabled, true),
      ),
    )
    .orderBy(...byDisplayOrder);

export const findChannelByCode = async (
  executor: Executor,
  brandId: bigint,
  code: string,
  lock = false,
): Promise<ChannelRow | undefined> => {
  const query = executor
    .select()
    .from(paymentChannels)
    .where(and(eq(paymentChannels.brandId, brandId), eq(paymentChannels.code, code)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
};

export const findChannelById = async (executor: Executor, id: bigint): Promise<ChannelRow | undefined> => {
  const [row] = await executor.select().from(paymentChannels).where(eq(paymentChannels.id, id));
  return row;
};

/**
 * Inserts unless the brand already has the code (created meanwhile by someone else, or by an earlier demo
 * seed that the operator may have changed since); undefined then.
 */
export const insertChannel = async (
  executor: Executor,
  values: ChannelValues,
): Promise<ChannelRow | undefined> => {
  const [row] = await executor
    .insert(paymentChannels)
    .values(values)
    .onConflictDoNothing({ target: [paymentChannels.brandId, paymentChannels.code] })
    .returning();
  return row;
};

export const updateChannel = async (
  executor: Executor,
  id: bigint,
  values: ChannelValues,
): Promise<ChannelRow> => {
  const [row] = await executor
    .update(paymentChannels)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(paymentChannels.id, id))
    .returning();
  if (!row) throw new Error(`payment channel ${id} vanished while locked`);
  return row;
};

/**
 * The secret of a merchant at the sandbox gateway: the sandbox channels (baseUrl null) carrying that
 * merchant id, the most recently changed first when several brands share one.
 */
export const findSandboxSecret = async (
  executor: Executor,
  merchantId: string,
): Promise<string | undefined> => {
  const [row] = await executor
    .select({ gateway: paymentChannels.gateway })
    .from(paymentChannels)
    .where(
      and(
        eq(paymentChannels.method, 'gateway'),
        sql`${paymentChannels.gateway}->>'provider' = 'sandbox'`,
        sql`${paymentChannels.gateway}->>'merchantId' = ${merchantId}`,
        sql`${paymentChannels.gateway}->>'baseUrl' is null`,
      ),
    )
    .orderBy(desc(paymentChannels.updatedAt))
    .limit(1);
  return row?.gateway?.secret;
};
