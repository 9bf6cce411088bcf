export type AuditDiffLine = {
  /** The field's dotted path inside the value (`limits.daily`); `(value)` for a value that is not an object. */
  path: string;
  /** The field's JSON before and after; null where it did not exist. */
  before: string | null;
  after: string | null;
  change: 'added' | 'removed' | 'changed';
};

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Leaves of nested objects by dotted path; arrays and other values are compared whole. */
const flatten = (value: unknown, prefix: string, into: Map<string, string>): void => {
  if (isPlainObject(value) && Object.keys(value).length > 0) {
    for (const [key, inner] of Object.entries(value)) flatten(inner, prefix ? `${prefix}.${key}` : key, into);
    return;
  }
  into.set(prefix || '(value)', JSON.stringify(value));
};

const leavesOf = (value: unknown): Map<string, string> => {
  const leaves = new Map<string, string>();
  if (value !== null && value !== undefined) flatten(value, '', leaves);
  return leaves;
};

/** What an audited change changed: each field added, removed or given another value, by path. */
export const diffAuditValues = (before: unknown, after: unknown): AuditDiffLine[] => {
  const was = leavesOf(before);
  const is = leavesOf(after);
  const paths = [...new Set([...was.keys(), ...is.keys()])].sort();
  return paths.flatMap((path): AuditDiffLine[] => {
    const old = was.get(path) ?? null;
    const now = is.get(path) ?? null;
    if (old === now) return [];
    const change = old === null ? 'added' : now === null ? 'removed' : 'changed';
    return [{ path, before: old, after: now, change }];
  });
};
