import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * Who did what to which thing, from where, with the values before and after. Insert-only (a trigger refuses
 * changes) and hash-chained: when the inserting transaction commits, a deferred trigger gives the row the next
 * place in the chain (`chain_seq`), the previous row's hash (`prev_hash`) and its own hash over its fields and
 * `prev_hash` (`hash`). The chain's rules and the canonical form hashed are in drizzle/0054_audit_hash_chain.sql
 * and audit-chain.ts; `verifyAuditChain` walks it.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    actorType: text('actor_type').notNull(),
    actorId: text('actor_id').notNull(),
    actorIp: text('actor_ip'),
    /** The browser or client that made the request, when the action came from one. */
    userAgent: text('user_agent'),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The row's place in the chain (1, 2, …, in commit order); set at commit by the sealing trigger. */
    chainSeq: bigint('chain_seq', { mode: 'bigint' }),
    /** The hash of the row before it in the chain (64 zeros for the first). */
    prevHash: text('prev_hash'),
    /** Hex SHA-256 of the row's canonical form, which includes `prev_hash`. */
    hash: text('hash'),
  },
  (table) => [
    index('audit_events_entity_idx').on(table.entityType, table.entityId, table.createdAt),
    index('audit_events_actor_idx').on(table.actorType, table.actorId, table.createdAt),
    index('audit_events_action_idx').on(table.action, table.createdAt),
    index('audit_events_created_idx').on(table.createdAt),
    uniqueIndex('audit_events_chain_seq_idx').on(table.chainSeq),
    // Rows the sealing trigger never saw (inserted with triggers off): the verifier finds them without a scan.
    index('audit_events_unsealed_idx')
      .on(table.id)
      .where(sql`${table.chainSeq} is null`),
  ],
);

/**
 * The chain's head: the last place given and its hash, one row. Sealing a row locks it (FOR UPDATE), which
 * serialises appends across transactions and instances only for the moment of commit; the verifier compares the
 * last row it walks with it, so rows removed from the end of the chain are found too.
 */
export const auditChainHead = pgTable(
  'audit_chain_head',
  {
    id: smallint('id').primaryKey(),
    lastSeq: bigint('last_seq', { mode: 'bigint' }).notNull(),
    lastHash: text('last_hash').notNull(),
  },
  (table) => [check('audit_chain_head_single_row', sql`${table.id} = 1`)],
);
