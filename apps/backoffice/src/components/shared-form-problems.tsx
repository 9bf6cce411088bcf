import { useState } from 'react';
import type { z } from 'zod';

/** What the shared schema found wrong, one line per field, as the console shows it before sending. */
export const problemsOf = (error: z.ZodError): string[] =>
  error.issues.map((issue) => `${issue.path.join('.') || 'form'}: ${issue.message}`);

/** A form's problems found before sending, and the check of its request against the request's schema. */
export const useSchemaCheck = () => {
  const [problems, setProblems] = useState<readonly string[]>([]);
  return {
    problems,
    /** The request as the schema reads it; undefined, and its problems shown, when it does not pass. */
    check: <Output,>(schema: z.ZodType<Output>, request: unknown): Output | undefined => {
      const checked = schema.safeParse(request);
      setProblems(checked.success ? [] : problemsOf(checked.error));
      return checked.success ? checked.data : undefined;
    },
  };
};

/** The problems a form found before sending, one a line, announced to screen readers. */
export const FormProblems = ({ problems, testId }: { problems: readonly string[]; testId?: string }) =>
  problems.length > 0 ? (
    <ul className="error" role="alert" data-testid={testId}>
      {problems.map((problem) => (
        <li key={problem}>{problem}</li>
      ))}
    </ul>
  ) : null;
