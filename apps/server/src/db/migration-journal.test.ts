import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

type Journal = { entries: { idx: number; when: number; tag: string }[] };

const journal = JSON.parse(
  readFileSync(new URL('../../drizzle/meta/_journal.json', import.meta.url), 'utf8'),
) as Journal;

describe('the migration journal', () => {
  // Drizzle applies a migration only when its `when` is later than the last one applied: a migration generated
  // after a hand-written one with a later `when` would be skipped silently on every database already migrated.
  it('orders every migration after the one before it', () => {
    const outOfOrder = journal.entries.filter(
      (entry, index) => index > 0 && entry.when <= (journal.entries[index - 1]?.when ?? 0),
    );
    expect(outOfOrder.map((entry) => entry.tag)).toEqual([]);
  });
});
