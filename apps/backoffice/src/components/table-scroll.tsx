import type { ReactNode } from 'react';

/**
 * A table's box that scrolls sideways on a narrow screen (or beside the navigation). It is focusable and named,
 * so a keyboard can scroll it too and a screen reader announces what it holds.
 */
export const TableScroll = ({ label, children }: { label: string; children: ReactNode }) => (
  <div className="table-scroll" role="region" aria-label={label} tabIndex={0}>
    {children}
  </div>
);
