import { describeError, isApiError } from '../lib/api-client';
import './error-message.css';

/** A failed call, said in the server's words, announced to screen readers. */
export const ErrorMessage = ({ error, testId }: { error: unknown; testId?: string }) => {
  if (error === null || error === undefined) return null;
  return (
    <p className="error" role="alert" data-testid={testId}>
      {describeError(error)}
      {isApiError(error) ? <span className="error__code"> [{error.code}]</span> : null}
    </p>
  );
};
