import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { type Executor, rowsOfResult } from './database';

const dialect = new PgDialect();

/**
 * Runs a statement under a name, so PostgreSQL parses and plans it once per connection instead of on every
 * call (for a hot statement that is most of its cost) and Drizzle builds no query per call beyond the SQL
 * text. The text must be the same on every call under one name; what varies goes in parameters. PGlite has
 * no named statements and runs it as usual. int8 results come back as bigint on both drivers.
 */
export const selectPrepared = async <Row>(executor: Executor, name: string, query: SQL): Promise<Row[]> => {
  const result: unknown = await executor._.session
    .prepareQuery(dialect.sqlToQuery(query), undefined, name, false)
    .execute();
  return rowsOfResult<Row>(result);
};

/**
 * A Drizzle query prepared once per executor (the database, or a transaction while it lives) under a name: Drizzle
 * builds its SQL once and PostgreSQL plans it once per connection. For the statements every request runs (the
 * session and member behind a token), where building the query cost as much as running it.
 */
export const preparedPerExecutor = <Prepared>(build: (executor: Executor) => Prepared) => {
  const built = new WeakMap<Executor, Prepared>();
  return (executor: Executor): Prepared => {
    const known = built.get(executor);
    if (known) return known;
    const prepared = build(executor);
    built.set(executor, prepared);
    return prepared;
  };
};
