import { useId, type ReactNode } from 'react';
import './captioned-table.css';

type CaptionedTableProps = {
  caption: string;
  testId: string;
  /** Keep the caption for screen readers only (the page heading already says it). */
  isCaptionHidden?: boolean;
  /** The table's head and body. */
  children: ReactNode;
};

/**
 * A data table that scrolls sideways inside its own keyboard-focusable region on a narrow phone; the region
 * is named by the table's caption.
 */
export function CaptionedTable({ caption, testId, isCaptionHidden = false, children }: CaptionedTableProps) {
  const captionId = useId();
  return (
    <div className="wallet-table-wrap" role="region" aria-labelledby={captionId} tabIndex={0}>
      <table className="wallet-table" data-testid={testId}>
        <caption id={captionId} className={isCaptionHidden ? 'visually-hidden' : 'wallet-table__caption'}>
          {caption}
        </caption>
        {children}
      </table>
    </div>
  );
}
