import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Attempt counters (login failures, code guesses, requests per address …): one row per rule and key, counting
 * the attempts taken in the current window. A row is taken (incremented) in one statement before the secret is
 * checked, so a burst of requests cannot slip more attempts past the rule than it allows.
 */
export const attemptCounters = pgTable(
  'attempt_counters',
  {
    rule: text('rule').notNull(),
    key: text('key').notNull(),
    count: integer('count').notNull(),
    windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
    /** Set when the rule locks the key on reaching its limit; attempts are refused until then. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
  },
  (table) => [primaryKey({ columns: [table.rule, table.key] })],
);
