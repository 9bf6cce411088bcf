import type { ReactNode } from 'react';
import type { z } from 'zod';

/** Field messages of a body checked against the contract's input schema, by field ("activeTo" …). */
export type FieldErrors = Partial<Record<string, string>>;
export const checkBody = <S extends z.ZodType>(
  schema: S,
  body: z.input<S>,
): { ok: true } | { ok: false; errors: FieldErrors } => {
  const result = schema.safeParse(body);
  if (result.success) return { ok: true };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? 'form');
    errors[field] ??= issue.message;
  }
  return { ok: false, errors };
};

/** A labelled field with its message from the form's check, under it. */
export const Field = ({
  label,
  error,
  testId,
  children,
}: {
  label: string;
  error: string | undefined;
  testId: string;
  children: ReactNode;
}) => (
  <label>
    {label}
    {children}
    {error === undefined ? null : (
      <span className="error" role="alert" data-testid={`${testId}-invalid`}>
        {error}
      </span>
    )}
  </label>
);

/** Whether a scheduled row shows now: enabled, started (or no start) and not ended. */
export const isLive = (
  row: { isEnabled: boolean; from: string | null; to: string | null },
  now: number = Date.now(),
): boolean =>
  row.isEnabled &&
  (row.from === null || Date.parse(row.from) <= now) &&
  (row.to === null || Date.parse(row.to) > now);

/** A schedule as the lists show it. */
export const scheduleText = (from: string | null, to: string | null): string =>
  `${from === null ? 'always' : new Date(from).toLocaleString()} → ${to === null ? 'no end' : new Date(to).toLocaleString()}`;
