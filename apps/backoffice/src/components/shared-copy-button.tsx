import { useState } from 'react';

/** Copies a text shown once (a temporary password) to the clipboard, and says so. */
export const CopyButton = ({ text, testId }: { text: string; testId?: string }) => {
  const [copied, setCopied] = useState(false);
  return (
    <button
      type="button"
      className="button"
      onClick={() => {
        navigator.clipboard.writeText(text).then(
          () => {
            setCopied(true);
          },
          () => undefined,
        );
      }}
      data-testid={testId}
    >
      {copied ? 'Copied' : 'Copy'}
    </button>
  );
};
